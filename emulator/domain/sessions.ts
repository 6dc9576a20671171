// Issuing a session (refresh token + access token) and fresh access tokens for an existing one.
import { mintAccessToken } from '../auth/access-tokens.ts';
import { createRefreshToken } from '../auth/refresh-tokens.ts';
import type { RefreshTokenRow } from '../db/schema.ts';
import type { Dialect } from '../core/known-errors.ts';
import { getTokenSubject, touchLastActive } from './users.ts';
import type { Services } from './services.ts';
import { tokenSubject, type UserRecord } from './user-record.ts';

export async function issueSession(
  services: Services,
  o: { projectId: string; user: UserRecord; dialect: Dialect; origin: string; countryCode: string | null; expiresInMillis?: number },
): Promise<{ refreshToken: string; accessToken: string }> {
  const now = services.clock.now();
  const refresh = await createRefreshToken(services.db, {
    projectId: o.projectId,
    userId: o.user.row.id,
    dialect: o.dialect,
    nowMillis: now,
    ...(o.expiresInMillis === undefined ? {} : { expiresInMillis: o.expiresInMillis }),
  });
  const accessToken = await mintAccessToken(services.keys, {
    projectId: o.projectId,
    user: tokenSubject(o.user),
    nowMillis: now,
    dialect: o.dialect,
    refreshTokenId: refresh.id,
    apiOrigin: o.origin,
  });
  await touchLastActive(services.db, o.user.row.id, now, o.countryCode);
  return { refreshToken: refresh.token, accessToken };
}

/**
 * A new access token for a live refresh token; null if its user is gone. Reflects the user's current data.
 * `dialect` defaults to the one of the request that created the session.
 */
export async function accessTokenForRefreshToken(
  services: Services,
  refresh: RefreshTokenRow,
  request: { origin: string; countryCode: string | null },
  dialect: Dialect = refresh.dialect === 'current' ? 'current' : 'stack',
): Promise<string | null> {
  const origin = request.origin;
  const subject = await getTokenSubject(services.db, refresh.project_id, refresh.user_id);
  if (!subject) return null;
  const now = services.clock.now();
  await touchLastActive(services.db, subject.id, now, request.countryCode);
  return mintAccessToken(services.keys, {
    projectId: refresh.project_id,
    user: subject,
    nowMillis: now,
    dialect,
    refreshTokenId: refresh.id,
    apiOrigin: origin,
  });
}

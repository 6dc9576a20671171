// Opaque refresh tokens: 45 lowercase base32 chars, stored per project, never rotated.
import type { Kysely } from 'kysely';
import type { Database, RefreshTokenRow } from '../db/schema.ts';
import type { Dialect } from '../core/known-errors.ts';
import { generateSecureRandomString } from '../../runtime/protocol/headers.ts';

const REFRESH_TOKEN_LIFETIME_MILLIS = 365 * 24 * 60 * 60 * 1000;

export async function createRefreshToken(
  db: Kysely<Database>,
  o: { projectId: string; userId: string; dialect: Dialect; nowMillis: number; expiresInMillis?: number },
): Promise<RefreshTokenRow> {
  const row: RefreshTokenRow = {
    id: crypto.randomUUID(),
    project_id: o.projectId,
    user_id: o.userId,
    token: generateSecureRandomString(),
    dialect: o.dialect,
    created_at_millis: o.nowMillis,
    expires_at_millis: o.nowMillis + (o.expiresInMillis ?? REFRESH_TOKEN_LIFETIME_MILLIS),
  };
  await db.insertInto('refresh_tokens').values(row).execute();
  return row;
}

/** The live (unexpired) refresh token of this project, or null. */
export async function findRefreshToken(
  db: Kysely<Database>,
  projectId: string,
  token: string,
  nowMillis: number,
): Promise<RefreshTokenRow | null> {
  const row = await db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('token', '=', token)
    .where('expires_at_millis', '>', nowMillis)
    .executeTakeFirst();
  return row ?? null;
}

/** Returns whether a token was deleted. */
export async function revokeRefreshToken(db: Kysely<Database>, projectId: string, token: string): Promise<boolean> {
  const result = await db
    .deleteFrom('refresh_tokens')
    .where('project_id', '=', projectId)
    .where('token', '=', token)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Deletes every refresh token of the user, except `keepToken` when given (password update). */
export async function revokeUserRefreshTokens(
  db: Kysely<Database>,
  projectId: string,
  userId: string,
  keepToken?: string,
): Promise<void> {
  let query = db.deleteFrom('refresh_tokens').where('project_id', '=', projectId).where('user_id', '=', userId);
  if (keepToken !== undefined) query = query.where('token', '!=', keepToken);
  await query.execute();
}

/** The user's live sessions (refresh tokens), oldest first. */
export async function listUserRefreshTokens(db: Kysely<Database>, projectId: string, userId: string, nowMillis: number): Promise<RefreshTokenRow[]> {
  return db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .where('expires_at_millis', '>', nowMillis)
    .orderBy('created_at_millis')
    .orderBy('id')
    .execute();
}

/** Deletes one session of the user by its id; returns whether it existed. */
export async function revokeRefreshTokenById(db: Kysely<Database>, projectId: string, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('refresh_tokens').where('project_id', '=', projectId).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

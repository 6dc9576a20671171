// Sessions: refresh with the refresh-token header, sign out, server-created sessions, and the current backend's
// session list and revocation (the account page's active sessions).
import { Hono } from 'hono';
import { findRefreshToken, listUserRefreshTokens, revokeRefreshToken, revokeRefreshTokenById } from '../auth/refresh-tokens.ts';
import { accessTokenForRefreshToken, issueSession } from '../domain/sessions.ts';
import { getUser } from '../domain/users.ts';
import type { AppEnv } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { endpoint, resolveUserId } from '../http/endpoint.ts';
import type { RefreshTokenRow } from '../db/schema.ts';
import { stackHeader } from '../http/headers.ts';
import { KnownError } from '../core/known-errors.ts';
import { json, success } from '../http/respond.ts';
import { boolean, number, object, string } from '../http/schema.ts';
import { apiOrigin, requestCountryCode } from '../http/request-info.ts';

const REFRESH_HEADER = ['x-stack-refresh-token'];
const MAX_SESSION_MILLIS = 367 * 24 * 60 * 60 * 1000;
const DEFAULT_SESSION_MILLIS = 365 * 24 * 60 * 60 * 1000;

const userQuery = object({ user_id: string({ uuidOrMe: true }) });
const NOT_OWN_SESSIONS = 'Client can only manage their own sessions.';

/** A session as the current backend lists it; the emulator keeps no last-use time or IP information. */
function sessionView(row: RefreshTokenRow, currentId: string | null) {
  return {
    id: row.id,
    user_id: row.user_id,
    created_at: row.created_at_millis,
    is_impersonation: false,
    last_used_at: null,
    is_current_session: row.id === currentId,
    last_used_at_end_user_ip_info: null,
  };
}

// The session-id routes after /auth/sessions/current, which they would otherwise shadow.
export const sessionRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute('sessionRefresh', { headers: REFRESH_HEADER }, async (c, { auth }) => {
      const services = c.get('services');
      const token = stackHeader(c.req.raw.headers, 'refresh-token') ?? '';
      const refresh = await findRefreshToken(services.db, auth.project.id, token, services.clock.now());
      // The current backend mints the 2.8 claims for every session; the 2.7 one follows the session's dialect.
      const dialect = services.dialect === 'current' || services.hostedRefreshClaims ? 'current' : undefined;
      const accessToken = refresh ? await accessTokenForRefreshToken(services, refresh, { origin: apiOrigin(c), countryCode: requestCountryCode(c) }, dialect) : null;
      if (!accessToken) throw new KnownError('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
      return json({ access_token: accessToken });
    }),
  )
  .on(
    ...tableRoute('sessionSignOut', { headers: REFRESH_HEADER }, async (c, { auth }) => {
      const token = stackHeader(c.req.raw.headers, 'refresh-token') ?? '';
      if (!(await revokeRefreshToken(c.get('services').db, auth.project.id, token))) {
        throw new KnownError('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
      }
      return success();
    }),
  )
  .on(
    ...tableRoute('sessionCreate',
      {
        
        body: object({
          user_id: string({ uuidOrMe: true }),
          expires_in_millis: number({ integer: true, max: MAX_SESSION_MILLIS }).optional(),
          // The current backend's impersonation flag (a dashboard session); the emulator's sessions do not differ.
          is_impersonation: boolean().optional(),
        }),
      },
      async (c, { auth, body, smart }) => {
        const services = c.get('services');
        const userId = body.user_id === 'me' ? auth.user?.row.id : body.user_id;
        if (userId === undefined) throw new KnownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
        const user = await getUser(services.db, auth.project.id, userId);
        if (!user) throw new KnownError('USER_ID_DOES_NOT_EXIST', { user_id: userId });
        const session = await issueSession(services, {
          projectId: auth.project.id,
          user,
          dialect: smart.dialect,
          origin: apiOrigin(c),
          countryCode: requestCountryCode(c),
          expiresInMillis: body.expires_in_millis ?? DEFAULT_SESSION_MILLIS,
        });
        return json({ refresh_token: session.refreshToken, access_token: session.accessToken });
      },
    ),
  )
  .get(
    '/auth/sessions',
    endpoint({ access: 'any', query: userQuery }, async (c, { auth, query }) => {
      const { db, clock } = c.get('services');
      const user = await resolveUserId(c, auth, query.user_id, NOT_OWN_SESSIONS);
      const rows = await listUserRefreshTokens(db, auth.project.id, user.row.id, clock.now());
      return json({ items: rows.map((row) => sessionView(row, auth.refreshTokenId)), is_paginated: false });
    }),
  )
  .delete(
    '/auth/sessions/:session_id',
    endpoint({ access: 'any', query: userQuery }, async (c, { auth, query }) => {
      const user = await resolveUserId(c, auth, query.user_id, NOT_OWN_SESSIONS);
      const sessionId = c.req.param('session_id') ?? '';
      if (sessionId === auth.refreshTokenId) throw new KnownError('CANNOT_DELETE_CURRENT_SESSION');
      if (!(await revokeRefreshTokenById(c.get('services').db, auth.project.id, user.row.id, sessionId))) {
        throw new KnownError('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
      }
      return success();
    }),
  );

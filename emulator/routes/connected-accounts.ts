// Connected-account access tokens: 201 {access_token}, with the deprecated proxy route.
import { Hono, type Context } from 'hono';
import { connectedAccountAccessToken } from '../domain/oauth/accounts.ts';
import type { AppEnv, Auth } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { KnownError } from '../core/known-errors.ts';
import { json } from '../http/respond.ts';
import { object, string } from '../http/schema.ts';
import { StatusError } from '../core/status-error.ts';

const scopeBody = object({ scope: string().optional() });

async function accessToken(c: Context<AppEnv>, auth: Auth, rawUserId: string, providerId: string, scope: string | undefined): Promise<Response> {
  let userId = rawUserId;
  if (rawUserId === 'me') {
    if (!auth.user) throw new KnownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
    userId = auth.user.row.id;
  }
  if (auth.type === 'client' && userId !== auth.user?.row.id) throw new StatusError(403, 'Client can only access its own connected accounts');
  const { db, clock } = c.get('services');
  const token = await connectedAccountAccessToken(db, auth.project, { userId, providerId, scope: scope ?? '', nowMillis: clock.now() });
  return json({ access_token: token }, 201);
}

export const connectedAccountRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute('connectedAccountAccessToken',
      { params: object({ user_id: string({ uuidOrMe: true }), provider_id: string() }), body: scopeBody },
      (c, { auth, params, body }) => accessToken(c, auth, params.user_id, params.provider_id, body.scope),
    ),
  )
  .on(
    ...tableRoute('legacyConnectedAccountAccessToken', { params: object({ provider_id: string() }), body: scopeBody }, (c, { auth, params, body }) =>
      accessToken(c, auth, 'me', params.provider_id, body.scope),
    ),
  );

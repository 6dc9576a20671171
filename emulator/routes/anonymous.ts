// POST /auth/anonymous/sign-up: the published 2.8 client's anonymous session (getUser({or:
// 'anonymous'}), and in browsers the analytics flush when nobody is signed in). An anonymous user has no e-mail, a
// restricted token, and is upgraded in place by a later password sign-up made with its session.
import { Hono } from 'hono';
import { createUser } from '../domain/users.ts';
import { issueSession } from '../domain/sessions.ts';
import type { AppEnv } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { json } from '../http/respond.ts';
import { apiOrigin, requestCountryCode } from '../http/request-info.ts';

export const anonymousRoutes = new Hono<AppEnv>().on(
  // The service creates one even where sign-up is disabled (its own e2e suite says so).
  ...tableRoute('anonymousSignUp', {}, async (c, { auth, smart }) => {
    const services = c.get('services');
    const user = await createUser(services.db, auth.project.id, services.clock.now(), { isAnonymous: true, webhookDialect: services.dialect });
    const session = await issueSession(services, { projectId: auth.project.id, user, dialect: smart.dialect, origin: apiOrigin(c), countryCode: requestCountryCode(c) });
    return json({ access_token: session.accessToken, refresh_token: session.refreshToken, user_id: user.row.id });
  }),
);

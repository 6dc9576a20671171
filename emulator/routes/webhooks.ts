// POST /webhooks/svix-token: 201 {token}. The token authorises the emulator's Svix-compatible
// service (emulator/webhooks, its own port) for this project, the way the backend hands out a Svix app token.
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { json } from '../http/respond.ts';
import { issueSvixToken } from '../webhooks/svix-tokens.ts';

export const webhookRoutes = new Hono<AppEnv>().on(
  ...tableRoute('svixToken', {}, async (c, { auth }) => {
    const { db, clock } = c.get('services');
    return json({ token: await issueSvixToken(db, auth.project.id, clock.now()) }, 201);
  }),
);

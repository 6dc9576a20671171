// POST /webhooks/svix-token (protocol.md §7.9): 201 {token}. The emulator has no Svix app portal; the token is
// an opaque per-project string the dashboard can hand to it.
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { endpoint } from '../http/endpoint.ts';
import { json } from '../http/respond.ts';
import { generateSecureRandomString } from '../../runtime/protocol/headers.ts';

export const webhookRoutes = new Hono<AppEnv>().post(
  '/webhooks/svix-token',
  endpoint({ access: ['admin'] }, (_c, { auth }) => json({ token: `emulator-svix.${auth.project.id}.${generateSecureRandomString()}` }, 201)),
);

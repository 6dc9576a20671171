// GET /api/v1 (welcome text), GET /health, and the 404 text for any other /api path.
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { publicEndpoint } from '../http/endpoint.ts';
import { json, text } from '../http/respond.ts';
import { object } from '../http/schema.ts';
import { primaryEmailChannel } from '../domain/users.ts';

export const healthRoutes = new Hono<AppEnv>().get('/health', () => {
  const res = json({ status: 'ok' });
  res.headers.set('access-control-allow-origin', '*');
  return res;
});

const WELCOME = 'Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com.';

export const apiRootHandler = publicEndpoint({ query: object({}) }, (_c, { auth }) => {
  if (!auth) return text(`${WELCOME}\n\nAuthentication: None`);
  const type = auth.type[0]?.toUpperCase() + auth.type.slice(1);
  const user = auth.user ? primaryEmailChannel(auth.user)?.value ?? auth.user.row.id : 'None';
  return text(`${WELCOME}\n\nAuthentication: ${type}\n         Project: ${auth.project.id}\n         User: ${user}`);
});

export const notFoundHandler = publicEndpoint({}, (c) =>
  text(`404 — this page does not exist in Stack Auth's API.\n\nDid you mean to visit https://app.stack-auth.com?\n\nURL: ${c.req.url}`, 404),
);

// GET /api/v1 (welcome text), GET /health, and the 404 text for any other /api path.
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import type { Dialect } from '../core/known-errors.ts';
import { publicEndpoint } from '../http/endpoint.ts';
import { json, text } from '../http/respond.ts';
import { object } from '../http/schema.ts';
import { primaryEmailChannel } from '../domain/user-record.ts';

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

/** The second paragraph of the 404 text: the 2.7 backend points at the docs and the dashboard. */
const NOT_FOUND_HINT: Record<Dialect, string> = {
  stack: 'Please see the API documentation at https://docs.stack-auth.com, or visit the Stack Auth dashboard at https://app.stack-auth.com.',
  current: 'Did you mean to visit https://app.stack-auth.com?',
};

export const notFoundHandler = publicEndpoint({}, (c, { smart }) =>
  text(`404 — this page does not exist in Stack Auth's API.\n\n${NOT_FOUND_HINT[smart.dialect]}\n\nURL: ${c.req.url}`, 404),
);

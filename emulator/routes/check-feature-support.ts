// POST /check-feature-support: the SDK reports a feature it cannot use; any body,
// any or no access type, always a 200 text naming the feature (the SDK throws afterwards).
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { publicEndpoint } from '../http/endpoint.ts';
import { text } from '../http/respond.ts';

/** The backend's `${req.body?.feature_name ?? "This feature"}`: any JSON value, stringified as a template does. */
function featureName(body: unknown): string {
  const name = typeof body === 'object' && body !== null ? (body as { feature_name?: unknown }).feature_name : undefined;
  return name === undefined || name === null ? 'This feature' : String(name);
}

// Registered by hand: the table lists its client/server/admin overloads, but the backend answers it without project auth too.
export const checkFeatureSupportRoutes = new Hono<AppEnv>().post(
  '/check-feature-support',
  publicEndpoint({}, (_c, { body }) => text(`${featureName(body)} is not yet supported. Please reach out to Stack support for more information.`)),
);

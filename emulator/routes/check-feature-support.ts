// POST /check-feature-support (protocol.md §7.9): the SDK reports a feature it cannot use; any body,
// any or no access type, always a 200 text naming the feature (the SDK throws afterwards).
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { publicEndpoint } from '../http/endpoint.ts';
import { text } from '../http/respond.ts';

export const checkFeatureSupportRoutes = new Hono<AppEnv>().post(
  '/check-feature-support',
  publicEndpoint({}, async (c) => {
    let name = 'This feature';
    try {
      const body: unknown = await c.req.raw.clone().json();
      if (body && typeof body === 'object' && typeof (body as { name?: unknown }).name === 'string') name = (body as { name: string }).name;
    } catch {
      // Any body, or none: the answer only names the feature when it can.
    }
    return text(`${name} is not yet supported. Please reach out to Stack support for more information.`);
  }),
);

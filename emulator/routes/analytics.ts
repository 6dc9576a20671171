// POST /analytics/events/batch: the published 2.8 client's page-view and click events, sent by
// browsers every 10 s (gzip-compressed as application/octet-stream when the browser can). The emulator checks each
// batch as the service does and answers as it does, then drops the events: it keeps no analytics.
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { endpoint, schemaError } from '../http/endpoint.ts';
import { KnownError } from '../core/known-errors.ts';
import { json } from '../http/respond.ts';
import { json as anyJson, number, object, string } from '../http/schema.ts';
import { arrayOf } from '../http/schema-extra.ts';
import { StatusError } from '../core/status-error.ts';
import { DEFAULT_MAX_BODY_BYTES } from '../http/request-limits.ts';

/** The service's limit of events per batch. */
const MAX_EVENTS = 500;

const batchSchema = object({
  session_replay_segment_id: string({ uuid: true }),
  batch_id: string({ uuid: true }),
  sent_at_ms: number({ integer: true, min: 0 }),
  events: arrayOf(object({ event_type: string({ oneOf: ['$page-view', '$click'] }), event_at_ms: number({ integer: true, min: 0 }), data: anyJson() })),
});

/** A gzip body inflated to at most the request body limit: a small compressed bomb must not become gigabytes. */
function inflate(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(gunzipSync(bytes, { maxOutputLength: DEFAULT_MAX_BODY_BYTES }));
  } catch {
    throw new KnownError('BODY_PARSING_ERROR', { message: `The analytics batch must be gzip-compressed JSON of at most ${DEFAULT_MAX_BODY_BYTES} bytes` });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new KnownError('BODY_PARSING_ERROR', { message: 'Invalid JSON in request body' });
  }
}

export const analyticsRoutes = new Hono<AppEnv>().post(
  '/analytics/events/batch',
  endpoint({ access: 'any' }, (c, { auth, smart }) => {
    const raw = smart.body instanceof Uint8Array ? inflate(smart.body) : smart.body;
    const errors: string[] = [];
    const batch = batchSchema.parse(raw, 'body', errors);
    if (errors.length === 0 && (batch.events.length < 1 || batch.events.length > MAX_EVENTS)) {
      errors.push(`body.events must have between 1 and ${MAX_EVENTS} items`);
    }
    if (errors.length > 0) throw schemaError(c, errors);
    if (!auth.user) throw new KnownError('USER_AUTHENTICATION_REQUIRED');
    if (auth.refreshTokenId === null) throw new StatusError(400, 'A refresh token is required for analytics events');
    return json({ inserted: batch.events.length });
  }),
);

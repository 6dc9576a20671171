// The Svix API subset the dashboard and tests use (v1 only), authorised by a token from POST /webhooks/svix-token:
// create an endpoint, list its attempts, read a message. Inputs validated with zod, bodies size-limited.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database, WebhookAttemptsTable, WebhookEndpointsTable } from '../db/schema.ts';
import { svixId } from './events.ts';
import { projectOfSvixToken } from './svix-tokens.ts';

const MAX_BODY_BYTES = 256 * 1024;

const endpointIn = z.object({
  url: z.url({ protocol: /^https?$/ }).max(65_536),
  description: z.string().max(10_000).optional(),
  /** Svix lets the caller choose the signing secret: `whsec_` + base64 of 24 to 64 bytes. */
  secret: z.string().regex(/^whsec_[A-Za-z0-9+/=]{32,88}$/).optional(),
});
const idParam = z.string().regex(/^[A-Za-z0-9_-]{1,256}$/);
const withContent = z.enum(['true', 'false']).default('true');

function svixError(status: number, code: string, detail: string): Response {
  return Response.json({ code, detail }, { status });
}

const iso = (millis: number) => new Date(millis).toISOString();

function endpointView(row: WebhookEndpointsTable) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    version: 1,
    rateLimit: null,
    uid: null,
    disabled: false,
    filterTypes: null,
    channels: null,
    metadata: {},
    createdAt: iso(row.created_at_millis),
    updatedAt: iso(row.created_at_millis),
  };
}

function attemptView(row: WebhookAttemptsTable) {
  return {
    id: row.id,
    msgId: row.message_id,
    endpointId: row.endpoint_id,
    url: row.url,
    status: row.status,
    response: row.response,
    responseStatusCode: row.response_status_code,
    timestamp: iso(row.created_at_millis),
    triggerType: 0,
  };
}

function randomSecret(): string {
  return `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}`;
}

/** The project (Svix app id) a request may act on: its bearer token must have been issued for it. */
async function authorisedApp(db: Kysely<Database>, c: Context): Promise<string | Response> {
  const appId = idParam.safeParse(c.req.param('app_id'));
  const token = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) return svixError(401, 'authentication_failed', 'Invalid token');
  const projectId = await projectOfSvixToken(db, token);
  if (projectId === null) return svixError(401, 'authentication_failed', 'Invalid token');
  if (!appId.success || projectId !== appId.data) return svixError(404, 'not_found', 'Entity not found');
  return appId.data;
}

export function createSvixApp(db: Kysely<Database>): Hono {
  return new Hono()
    .use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => svixError(413, 'payload_too_large', `Body larger than ${MAX_BODY_BYTES} bytes`) }))
    .post('/api/v1/app/:app_id/endpoint', async (c) => {
      const app = await authorisedApp(db, c);
      if (app instanceof Response) return app;
      const parsed = endpointIn.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) return svixError(422, 'validation', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      const row: WebhookEndpointsTable = {
        id: svixId('ep'),
        project_id: app,
        url: parsed.data.url,
        description: parsed.data.description ?? '',
        secret: parsed.data.secret ?? randomSecret(),
        created_at_millis: Date.now(),
      };
      await db.insertInto('webhook_endpoints').values(row).execute();
      return c.json(endpointView(row), 201);
    })
    .get('/api/v1/app/:app_id/endpoint/:endpoint_id/secret', async (c) => {
      const app = await authorisedApp(db, c);
      if (app instanceof Response) return app;
      const endpoint = await db.selectFrom('webhook_endpoints').select('secret').where('project_id', '=', app).where('id', '=', c.req.param('endpoint_id')).executeTakeFirst();
      return endpoint ? c.json({ key: endpoint.secret }) : svixError(404, 'not_found', 'Entity not found');
    })
    .get('/api/v1/app/:app_id/attempt/endpoint/:endpoint_id', async (c) => {
      const app = await authorisedApp(db, c);
      if (app instanceof Response) return app;
      const endpointId = idParam.safeParse(c.req.param('endpoint_id'));
      const endpoint = endpointId.success
        ? await db.selectFrom('webhook_endpoints').select('id').where('project_id', '=', app).where('id', '=', endpointId.data).executeTakeFirst()
        : undefined;
      if (!endpoint) return svixError(404, 'not_found', 'Entity not found');
      const rows = await db.selectFrom('webhook_attempts').selectAll().where('endpoint_id', '=', endpoint.id).orderBy('created_at_millis', 'desc').execute();
      return c.json({ data: rows.map(attemptView), done: true, iterator: null, prevIterator: null });
    })
    .get('/api/v1/app/:app_id/msg/:msg_id', async (c) => {
      const app = await authorisedApp(db, c);
      if (app instanceof Response) return app;
      const msgId = idParam.safeParse(c.req.param('msg_id'));
      const content = withContent.safeParse(c.req.query('with_content'));
      if (!content.success) return svixError(422, 'validation', 'with_content must be true or false');
      const row = msgId.success
        ? await db.selectFrom('webhook_messages').selectAll().where('project_id', '=', app).where('id', '=', msgId.data).executeTakeFirst()
        : undefined;
      if (!row) return svixError(404, 'not_found', 'Entity not found');
      return c.json({
        channels: null,
        eventId: null,
        eventType: row.event_type,
        id: row.id,
        ...(content.data === 'true' ? { payload: row.payload } : {}),
        timestamp: iso(row.created_at_millis),
      });
    })
    .all('*', (c) => svixError(404, 'not_found', `${c.req.method} ${new URL(c.req.url).pathname} is not emulated (API v1 endpoints, attempts and messages only)`));
}

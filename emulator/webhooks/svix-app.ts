// The Svix API subset the dashboard, the demo's admin page and tests use (v1 only), authorised by a token from
// POST /webhooks/svix-token: endpoints (list, create, delete, secret), an endpoint's attempts, a message.
// Inputs validated with zod, bodies size-limited, trailing slashes ignored (as svix-server's NormalizePath).
//
// CORS as the Svix API: any origin, no credentials. The only credential is the bearer token, which a browser never
// attaches on its own (no cookie, no HTTP auth challenge), so a page of another origin can do no more here than
// curl can: nothing without the token. The Host rule of the other ports still refuses DNS-rebound names, and no
// Access-Control-Allow-Private-Network answer lets public sites preflight into this loopback port.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database, WebhookEndpointsTable } from '../db/schema.ts';
import { svixId } from './events.ts';
import { attemptView, endpointView, listView, messageView, svixError } from './svix-views.ts';
import { projectOfSvixToken } from './svix-tokens.ts';
import { refusedEndpointUrl, type WebhookTargetRule } from './endpoint-address.ts';
import { describeError } from '../core/describe-error.ts';

const MAX_BODY_BYTES = 256 * 1024;
/** Longest validation detail quoted back (issue texts name the caller's keys). */
const MAX_DETAIL_CHARS = 500;

/** PostgreSQL cannot store a NUL in text: refused up front with the other validation errors (422), never a 500. */
const noNul = (value: string) => !value.includes('\u0000');
const NUL_MESSAGE = 'must not contain a NUL character (\\u0000)';

const endpointIn = z.object({
  url: z.url({ protocol: /^https?$/ }).max(65_536).refine(noNul, NUL_MESSAGE),
  description: z.string().max(10_000).refine(noNul, NUL_MESSAGE).optional(),
  /** Svix lets the caller choose the signing secret: `whsec_` + base64 of 24 to 64 bytes. */
  secret: z.string().regex(/^whsec_[A-Za-z0-9+/=]{32,88}$/).optional(),
});
const idParam = z.string().regex(/^[A-Za-z0-9_-]{1,256}$/);
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
/** Svix's paging: up to 250 a page (default 50), `iterator` from the previous page. Unknown parameters are refused. */
const pageQuery = { limit: z.coerce.number().int().min(1).max(250).default(50), iterator: idParam.optional() };
const endpointListQuery = z.strictObject({ ...pageQuery, order: z.enum(['ascending', 'descending']).default('descending') });
const attemptListQuery = z.strictObject({ ...pageQuery, with_msg: flag.default(false), with_content: flag.default(true) });
const messageQuery = z.strictObject({ with_content: flag.default(true) });

export const SVIX_CORS_METHODS = ['GET', 'POST', 'DELETE'];
export const SVIX_CORS_HEADERS = ['authorization', 'content-type', 'idempotency-key', 'svix-req-id'];

function validationError(error: z.ZodError): Response {
  const detail = error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  return svixError(422, 'validation', detail.slice(0, MAX_DETAIL_CHARS));
}

function randomSecret(): string {
  return `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}`;
}

/** The project (Svix app id) a request may act on: its bearer token must have been issued for it. */
async function authorisedApp(db: Kysely<Database>, c: Context): Promise<string | Response> {
  const appId = idParam.safeParse(c.req.param('app_id'));
  const token = /^Bearer (\S{1,1024})$/.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) return svixError(401, 'authentication_failed', 'Invalid token');
  const projectId = await projectOfSvixToken(db, token);
  if (projectId === null) return svixError(401, 'authentication_failed', 'Invalid token');
  if (!appId.success || projectId !== appId.data) return svixError(404, 'not_found', 'Entity not found');
  return appId.data;
}

/** The app's endpoint named by the `endpoint_id` parameter, or the 404 to answer. */
async function endpointOf(db: Kysely<Database>, app: string, c: Context): Promise<WebhookEndpointsTable | Response> {
  const endpointId = idParam.safeParse(c.req.param('endpoint_id'));
  const endpoint = endpointId.success
    ? await db.selectFrom('webhook_endpoints').selectAll().where('project_id', '=', app).where('id', '=', endpointId.data).executeTakeFirst()
    : undefined;
  return endpoint ?? svixError(404, 'not_found', 'Entity not found');
}

const unknownIterator = () => svixError(422, 'validation', 'iterator: not an item of this list');

/** `guard` runs first on every request: the emulator's loopback Host rule (http/host-guard.ts, a layer above). */
export function createSvixApp(db: Kysely<Database>, guard: MiddlewareHandler, targets: WebhookTargetRule): Hono {
  return new Hono({ strict: false })
    .onError((error) => {
      // Never the error object: a database error carries the statement's parameters (an endpoint's secret among them).
      console.error(`[emulator] webhook API error: ${describeError(error)}`);
      return svixError(500, 'internal_error', 'Internal error');
    })
    .use('*', guard)
    .use('*', cors({ origin: '*', allowMethods: SVIX_CORS_METHODS, allowHeaders: SVIX_CORS_HEADERS, maxAge: 600 }))
    .use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => svixError(413, 'payload_too_large', `Body larger than ${MAX_BODY_BYTES} bytes`) }))
    .get('/api/v1/app/:app_id/endpoint', async (c) => {
      const app = await authorisedApp(db, c);
      if (app instanceof Response) return app;
      const query = endpointListQuery.safeParse(c.req.query());
      if (!query.success) return validationError(query.error);
      const { limit, iterator, order } = query.data;
      const direction = order === 'ascending' ? 'asc' : 'desc';
      let rows = db.selectFrom('webhook_endpoints').selectAll().where('project_id', '=', app);
      if (iterator !== undefined) {
        const after = await db.selectFrom('webhook_endpoints').select(['id', 'created_at_millis']).where('project_id', '=', app).where('id', '=', iterator).executeTakeFirst();
        if (!after) return unknownIterator();
        const past = direction === 'asc' ? '>' : '<';
        rows = rows.where((eb) => eb.or([eb('created_at_millis', past, after.created_at_millis), eb.and([eb('created_at_millis', '=', after.created_at_millis), eb('id', past, after.id)])]));
      }
      const found = await rows.orderBy('created_at_millis', direction).orderBy('id', direction).limit(limit + 1).execute();
      return c.json(listView(found.slice(0, limit).map(endpointView), found.length > limit));
    })
    .post('/api/v1/app/:app_id/endpoint', async (c) => {
      const app = await authorisedApp(db, c);
      if (app instanceof Response) return app;
      const parsed = endpointIn.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) return validationError(parsed.error);
      const refused = refusedEndpointUrl(parsed.data.url, targets);
      if (refused !== null) return svixError(422, 'validation', `url: refused: ${refused}`);
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
    .delete('/api/v1/app/:app_id/endpoint/:endpoint_id', async (c) => {
      const app = await authorisedApp(db, c);
      if (app instanceof Response) return app;
      const endpoint = await endpointOf(db, app, c);
      if (endpoint instanceof Response) return endpoint;
      // Its attempts go with it (ON DELETE CASCADE); a retry scheduled for it finds no endpoint and stops.
      await db.deleteFrom('webhook_endpoints').where('id', '=', endpoint.id).execute();
      return c.body(null, 204);
    })
    .get('/api/v1/app/:app_id/endpoint/:endpoint_id/secret', async (c) => {
      const app = await authorisedApp(db, c);
      if (app instanceof Response) return app;
      const endpoint = await endpointOf(db, app, c);
      return endpoint instanceof Response ? endpoint : c.json({ key: endpoint.secret });
    })
    .get('/api/v1/app/:app_id/attempt/endpoint/:endpoint_id', async (c) => {
      const app = await authorisedApp(db, c);
      if (app instanceof Response) return app;
      const endpoint = await endpointOf(db, app, c);
      if (endpoint instanceof Response) return endpoint;
      const query = attemptListQuery.safeParse(c.req.query());
      if (!query.success) return validationError(query.error);
      const { limit, iterator, with_msg: withMsg, with_content: withContent } = query.data;
      let rows = db.selectFrom('webhook_attempts').selectAll().where('endpoint_id', '=', endpoint.id);
      if (iterator !== undefined) {
        const after = await db.selectFrom('webhook_attempts').select(['id', 'created_at_millis']).where('endpoint_id', '=', endpoint.id).where('id', '=', iterator).executeTakeFirst();
        if (!after) return unknownIterator();
        rows = rows.where((eb) => eb.or([eb('created_at_millis', '<', after.created_at_millis), eb.and([eb('created_at_millis', '=', after.created_at_millis), eb('id', '<', after.id)])]));
      }
      const found = await rows.orderBy('created_at_millis', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
      const page = found.slice(0, limit);
      const messageIds = [...new Set(page.map((row) => row.message_id))];
      const pageMessages = withMsg && messageIds.length > 0 ? await db.selectFrom('webhook_messages').selectAll().where('id', 'in', messageIds).execute() : [];
      const messages = new Map(pageMessages.map((message) => [message.id, message]));
      return c.json(
        listView(
          page.map((row) => {
            const message = messages.get(row.message_id);
            return attemptView(row, message === undefined ? undefined : messageView(message, withContent));
          }),
          found.length > limit,
        ),
      );
    })
    .get('/api/v1/app/:app_id/msg/:msg_id', async (c) => {
      const app = await authorisedApp(db, c);
      if (app instanceof Response) return app;
      const msgId = idParam.safeParse(c.req.param('msg_id'));
      const query = messageQuery.safeParse(c.req.query());
      if (!query.success) return validationError(query.error);
      const row = msgId.success
        ? await db.selectFrom('webhook_messages').selectAll().where('project_id', '=', app).where('id', '=', msgId.data).executeTakeFirst()
        : undefined;
      if (!row) return svixError(404, 'not_found', 'Entity not found');
      return c.json(messageView(row, query.data.with_content));
    })
    .all('*', (c) =>
      svixError(404, 'not_found', `${c.req.method} ${new URL(c.req.url).pathname.slice(0, 200)} is not emulated (API v1 endpoints, attempts and messages only)`),
    );
}

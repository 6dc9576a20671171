// A small client of the Svix API v1 for the project's webhooks, on the token of POST /webhooks/svix-token: what
// the dashboard reads through svix-react (endpoints, their delivery attempts, messages). Method names follow the
// svix SDK's (`endpoint.list` -> `listEndpoints`, `messageAttempt.listByEndpoint` -> `listAttemptsByEndpoint`).
//
// The token is a bearer credential: it goes only to the configured server's origin (ids are checked before they
// become path segments), over https unless the server is on this machine, never with cookies, and never after a
// redirect (RedirectRefusedError). Every answer is checked against the Svix API's schemas.

import * as z from 'zod/mini';
import {
  svixEndpointSchema,
  svixEndpointSecretSchema,
  svixErrorBodySchema,
  svixListSchema,
  svixMessageAttemptSchema,
  svixMessageSchema,
  type SvixEndpoint,
  type SvixList,
  type SvixMessage,
  type SvixMessageAttempt,
} from '../protocol/schemas/svix.ts';
import { createFetchOptions } from '../http/fetch-options.ts';
import { refuseRedirect } from '../http/redirects.ts';
import { SvixApiError, SvixResponseError } from './svix-errors.ts';

/** The svix SDK's regional servers, picked by the token's suffix (`….eu`). */
const REGION_SERVERS: Record<string, string> = {
  us: 'https://api.us.svix.com',
  eu: 'https://api.eu.svix.com',
  in: 'https://api.in.svix.com',
  ca: 'https://api.ca.svix.com',
  au: 'https://api.au.svix.com',
};
const DEFAULT_SERVER = 'https://api.svix.com';
/** Svix ids and Stack project ids: nothing that could leave its path segment (no `/`, `.`, `%`). */
const SVIX_ID = /^[A-Za-z0-9_-]{1,256}$/;
/** Longest error body read from a failed answer. */
const MAX_ERROR_CHARS = 2_000;

export interface SvixClientOptions {
  /**
   * The token of `admin.getSvixToken()`, or a function that gives it (asked before each request, so cache it:
   * `useSvix` shares one token per admin app).
   */
  token: string | (() => Promise<string>);
  /** The Svix app: the project id. */
  appId: string;
  /**
   * The Svix server. Default: as the svix SDK, the regional server the token names, else https://api.svix.com.
   * The emulator's is `http://127.0.0.1:8113` (its `--webhooks-port`). Plain http only for this machine.
   */
  serverUrl?: string;
  /** The fetch to use (default globalThis.fetch). */
  fetch?: typeof fetch;
}

interface Signal {
  signal?: AbortSignal;
}
export interface SvixListOptions extends Signal {
  /** Items per page, 1 to 250 (Svix's default 50). */
  limit?: number;
  /** The `iterator` of the previous page. */
  iterator?: string | null;
}
export interface SvixEndpointListOptions extends SvixListOptions {
  order?: 'ascending' | 'descending';
}
export interface SvixAttemptListOptions extends SvixListOptions {
  /** Each attempt with its message (`msg`): its event type, and its payload unless `withContent` is false. */
  withMsg?: boolean;
  withContent?: boolean;
}
export interface SvixMessageOptions extends Signal {
  /** With the payload (default true). */
  withContent?: boolean;
}
/** Svix's EndpointIn, the fields the emulator keeps. */
export interface SvixEndpointIn {
  url: string;
  description?: string;
  /** `whsec_…`; Svix makes one when left out (read it with getEndpointSecret). */
  secret?: string;
}

export interface SvixClient {
  readonly appId: string;
  listEndpoints(options?: SvixEndpointListOptions): Promise<SvixList<SvixEndpoint>>;
  createEndpoint(endpoint: SvixEndpointIn, options?: Signal): Promise<SvixEndpoint>;
  deleteEndpoint(endpointId: string, options?: Signal): Promise<void>;
  /** The `whsec_…` key the endpoint's deliveries are signed with (verify them with the svix package's Webhook). */
  getEndpointSecret(endpointId: string, options?: Signal): Promise<{ key: string }>;
  /** The endpoint's delivery attempts, newest first. */
  listAttemptsByEndpoint(endpointId: string, options?: SvixAttemptListOptions): Promise<SvixList<SvixMessageAttempt>>;
  getMessage(msgId: string, options?: SvixMessageOptions): Promise<SvixMessage>;
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) || hostname === '[::1]';
}

/**
 * The server a token goes to: `serverUrl`, or the svix SDK's choice for the token. Refused (TypeError): anything
 * but http(s), user info, a query or fragment, and plain http to another machine (the token would cross the
 * network in the clear).
 */
export function svixServerUrl(token: string, serverUrl?: string): string {
  const url = new URL(serverUrl ?? REGION_SERVERS[token.split('.')[1] ?? ''] ?? DEFAULT_SERVER);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new TypeError(`Svix serverUrl ${url.origin} must be https (plain http only for localhost, 127.0.0.0/8 or [::1])`);
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new TypeError('Svix serverUrl must not carry user info, a query or a fragment');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function svixId(name: string, value: string): string {
  if (!SVIX_ID.test(value)) throw new TypeError(`${name} ${JSON.stringify(value.slice(0, 80))} is not a Svix id (letters, digits, _ and -)`);
  return value;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export function createSvixClient(options: SvixClientOptions): SvixClient {
  const appId = svixId('appId', options.appId);
  const tokenOf = typeof options.token === 'string' ? () => Promise.resolve(options.token as string) : options.token;
  const fetchOptions = createFetchOptions({ cacheNoStore: true });
  // Known once the first token is read (the default server depends on it); a given serverUrl is checked at once.
  let server = options.serverUrl === undefined ? undefined : svixServerUrl('', options.serverUrl);

  async function call<T extends z.ZodMiniType>(method: string, path: string, schema: T | null, init: { query?: Query; body?: unknown; signal?: AbortSignal | undefined } = {}): Promise<z.output<T>> {
    const token = await tokenOf();
    const base = (server ??= svixServerUrl(token));
    const url = new URL(`${base}/api/v1/app/${appId}${path}`);
    // The ids were checked, so this holds; kept as the invariant the token's safety rests on.
    if (`${url.origin}${url.pathname}` !== `${base}/api/v1/app/${appId}${path}`) throw new TypeError(`Svix request path ${path} leaves ${base}`);
    for (const [name, value] of Object.entries(init.query ?? {})) if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    const res = await fetchOptions.send(options.fetch ?? globalThis.fetch, url, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      redirect: 'manual',
      ...(init.signal === undefined ? {} : { signal: init.signal }),
    });
    refuseRedirect(res, url.href);
    if (!res.ok) {
      const text = (await res.text().catch(() => '')).slice(0, MAX_ERROR_CHARS);
      const body = svixErrorBodySchema.safeParse(parseJson(text));
      const detail = body.success ? body.data.detail : undefined;
      const detailText = typeof detail === 'string' ? detail : detail?.map((d) => `${d.loc.join('.')}: ${d.msg}`).join('; ');
      throw new SvixApiError(res.status, (body.success ? body.data.code : undefined) ?? null, detailText || (body.success ? null : text || null));
    }
    if (schema === null) {
      void res.body?.cancel();
      return undefined as z.output<T>;
    }
    const json = parseJson(await res.text());
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new SvixResponseError(url.href, json === NOT_JSON ? 'not JSON' : z.prettifyError(parsed.error).slice(0, MAX_ERROR_CHARS), { cause: parsed.error });
    return parsed.data;
  }

  // The methods are async so that a refused id rejects like any other failure.
  const endpointPath = (endpointId: string) => `/endpoint/${svixId('endpointId', endpointId)}`;
  return {
    appId,
    listEndpoints: async ({ limit, iterator, order, signal } = {}) => call('GET', '/endpoint', svixListSchema(svixEndpointSchema), { query: { limit, iterator, order }, signal }),
    createEndpoint: async (endpoint, { signal } = {}) =>
      call('POST', '/endpoint', svixEndpointSchema, { body: { url: endpoint.url, description: endpoint.description, secret: endpoint.secret }, signal }),
    deleteEndpoint: async (endpointId, { signal } = {}) => {
      await call('DELETE', endpointPath(endpointId), null, { signal });
    },
    getEndpointSecret: async (endpointId, { signal } = {}) => call('GET', `${endpointPath(endpointId)}/secret`, svixEndpointSecretSchema, { signal }),
    listAttemptsByEndpoint: async (endpointId, { limit, iterator, withMsg, withContent, signal } = {}) =>
      call('GET', `/attempt${endpointPath(endpointId)}`, svixListSchema(svixMessageAttemptSchema), {
        query: { limit, iterator, with_msg: withMsg, with_content: withContent },
        signal,
      }),
    getMessage: async (msgId, { withContent, signal } = {}) => call('GET', `/msg/${svixId('msgId', msgId)}`, svixMessageSchema, { query: { with_content: withContent }, signal }),
  };
}

const NOT_JSON = Symbol('not JSON');
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

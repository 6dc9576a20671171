// One route = access rule + request schemas + handler. Validation failures are worded and ordered as the
// backend's yup request schema (auth, body, headers, query), with the auth failures it special-cases first.
import type { Context, Handler } from 'hono';
import type { AccessType } from '../../runtime/protocol/headers.ts';
import { getUser } from '../domain/users.ts';
import type { AppEnv, Auth, SmartRequest } from './env.ts';
import { stackHeader } from './headers.ts';
import { KnownError, type Dialect } from '../core/known-errors.ts';
import type { Schema } from './schema.ts';
import { StatusError } from '../core/status-error.ts';
import type { UserRecord } from '../domain/user-record.ts';

export interface EndpointSpec<B, Q, P = Record<string, string>> {
  /** Access types whose overloads exist; 'any' = C/S/A. */
  access: 'any' | readonly AccessType[];
  /** 'required': SCHEMA_ERROR "auth.user must be defined" without a signed-in user. */
  user?: 'required';
  /** Omitted: the body is not validated at all (as routes without a body schema). A function picks per
   * dialect and access type (the backend has one overload per access type). */
  body?: Schema<B> | ((dialect: Dialect, accessType: AccessType | null) => Schema<B>);
  query?: Schema<Q> | ((dialect: Dialect, accessType: AccessType | null) => Schema<Q>);
  /** Path parameters. */
  params?: Schema<P>;
  /** Required request headers, by their x-stack-* name. */
  headers?: readonly string[];
}

export interface EndpointInput<B, Q, P = Record<string, string>> {
  auth: Auth;
  body: B;
  query: Q;
  params: P;
  smart: SmartRequest;
}

const ALL: readonly AccessType[] = ['client', 'server', 'admin'];

/** A body of many bad items (an array of 100,000) would otherwise list one line per item. */
const MAX_SCHEMA_ERROR_LINES = 50;

export function schemaError(c: Context<AppEnv>, messages: string[]): KnownError {
  const shown = messages.length > MAX_SCHEMA_ERROR_LINES ? [...messages.slice(0, MAX_SCHEMA_ERROR_LINES), `… and ${messages.length - MAX_SCHEMA_ERROR_LINES} more errors`] : messages;
  const lines = shown.map((m) => `  - ${m}`).join('\n');
  const message = `Request validation failed on ${c.req.method} ${new URL(c.req.url).pathname}:\n${lines}`;
  return new KnownError('SCHEMA_ERROR', { message });
}

/** Validates the parts every endpoint kind shares; returns the cast body and query. */
function validateRequest<B, Q, P = Record<string, string>>(
  c: Context<AppEnv>,
  spec: Omit<EndpointSpec<B, Q, P>, 'access'>,
  auth: Auth | null,
): { body: B; query: Q; params: P } {
  const errors: string[] = [];
  if (spec.user === 'required' && !auth?.user) errors.push('auth.user must be defined');
  const smart = c.get('smart');
  const bodySchema = typeof spec.body === 'function' ? spec.body(smart.dialect, auth?.type ?? null) : spec.body;
  const body = bodySchema ? bodySchema.parse(smart.body, 'body', errors) : (smart.body as B);
  for (const name of spec.headers ?? []) {
    if (stackHeader(c.req.raw.headers, name.replace(/^x-stack-/, '')) === null) errors.push(`headers.${name} must be defined`);
  }
  const params = spec.params ? spec.params.parse(c.req.param(), 'params', errors) : (c.req.param() as P);
  const querySchema = typeof spec.query === 'function' ? spec.query(smart.dialect, auth?.type ?? null) : spec.query;
  const query = querySchema ? querySchema.parse(c.req.query(), 'query', errors) : (c.req.query() as Q);
  if (errors.length > 0) throw schemaError(c, errors);
  return { body, query, params };
}

/** A route that needs project auth (every smart route with an `auth` schema). */
export function endpoint<B = unknown, Q = Record<string, string>, P = Record<string, string>>(
  spec: EndpointSpec<B, Q, P>,
  handler: (c: Context<AppEnv>, input: EndpointInput<B, Q, P>) => Promise<Response> | Response,
): Handler<AppEnv> {
  const allowed = spec.access === 'any' ? ALL : spec.access;
  return async (c) => {
    const smart = c.get('smart');
    const auth = smart.auth;
    if (!auth) throw new KnownError('ACCESS_TYPE_REQUIRED');
    if (!allowed.includes(auth.type)) {
      throw new KnownError('INSUFFICIENT_ACCESS_TYPE', { actual_access_type: auth.type, allowed_access_types: [...allowed] });
    }
    const { body, query, params } = validateRequest(c, spec, auth);
    return handler(c, { auth, body, query, params, smart });
  };
}

/** A route without an auth requirement (root, token endpoint, JWKS). */
export function publicEndpoint<B = unknown, Q = Record<string, string>>(
  spec: Omit<EndpointSpec<B, Q>, 'access' | 'user'>,
  handler: (c: Context<AppEnv>, input: Omit<EndpointInput<B, Q>, 'auth' | 'params'> & { auth: Auth | null }) => Promise<Response> | Response,
): Handler<AppEnv> {
  return async (c) => {
    const smart = c.get('smart');
    const { body, query } = validateRequest(c, spec, smart.auth);
    return handler(c, { auth: smart.auth, body, query, smart });
  };
}

/** The signed-in user of an endpoint declared with `user: 'required'`. */
export function signedInUser(auth: Auth): UserRecord {
  if (!auth.user) throw new Error('signedInUser() on an endpoint without user: "required"');
  return auth.user;
}

/**
 * Resolves a `user_id` that may be `me`. A client may only name its own user (403 text with `clientDenied`);
 * server/admin ids must exist (USER_ID_DOES_NOT_EXIST).
 */
export async function resolveUserId(
  c: Context<AppEnv>,
  auth: Auth,
  raw: string,
  clientDenied: string,
): Promise<UserRecord> {
  if (raw === 'me') {
    if (!auth.user) throw new KnownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
    return auth.user;
  }
  if (auth.type === 'client' && auth.user?.row.id !== raw) throw new StatusError(403, clientDenied);
  const user = await getUser(c.get('services').db, auth.project.id, raw);
  if (!user) throw new KnownError('USER_ID_DOES_NOT_EXIST', { user_id: raw });
  return user;
}

// What every server/admin entity module receives: the project, the access type and a JSON transport, plus
// `callEndpoint`, which turns one row of the endpoint table (runtime/protocol) into a request.

import type * as z from 'zod/mini';
import type { PipelineRequest, SessionLike } from '../http/pipeline.ts';
import type { AccessType } from '../protocol/headers.ts';
import {
  buildEndpointPath,
  buildQueryString,
  responseSpecFor,
  type EndpointDef,
  type EndpointQuery,
  type PathParams,
} from '../protocol/endpoint.ts';
import { isKnownErrorOf, type KnownErrorCode } from '../protocol/errors/index.ts';
import type { AccessTokenVerifier } from './access-token-verifier.ts';
import type { ForwardedTokens } from '../protocol/forwarded-session.ts';

export type AppAccessType = 'server' | 'admin';

/** The part of the request pipeline the apps use (runtime/http `Pipeline` satisfies it). */
export interface JsonTransport {
  sendJson<T>(req: PipelineRequest, schema: { parse(data: unknown): T }): Promise<T>;
}

export type { ForwardedTokens } from '../protocol/forwarded-session.ts';

/** What `callEndpoint` needs: the access type picks the request/response view of a row. */
export interface EndpointCaller {
  readonly accessType: AccessType;
  readonly transport: JsonTransport;
}

export interface AppContext extends EndpointCaller {
  readonly projectId: string;
  readonly accessType: AppAccessType;
  /** A session on tokens a caller forwarded (x-stack-auth), refreshed with the refresh grant when possible. */
  forwardedSession(tokens: ForwardedTokens): SessionLike;
  /** Checks an access token's signature (project JWKS), audience and expiry locally. */
  verifyAccessToken: AccessTokenVerifier;
}

/** Passes a ready context from a subclass (the admin app) to the server app's constructor; not public API. */
export const APP_CONTEXT: unique symbol = Symbol('authworker.appContext');

/** Parsed body of a successful call: the server/admin view of the row when it has one. */
export type EndpointResult<E> = E extends { serverResponse: infer R extends z.core.$ZodType }
  ? z.output<R>
  : E extends { response: infer R extends z.core.$ZodType }
    ? z.output<R>
    : never;

type ParamsInput<P extends string> = [PathParams<P>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParams<P>, string> };

export type CallInput<E extends EndpointDef> = ParamsInput<E['path']> & {
  query?: EndpointQuery<E>;
  /** snake_case JSON body (built by the protocol mappers). */
  body?: Record<string, unknown>;
  /** User tokens to send (only `GET /users/me` on behalf of a forwarded session). */
  session?: SessionLike | null;
};

export async function callEndpoint<E extends EndpointDef>(ctx: EndpointCaller, def: E, input: CallInput<E>): Promise<EndpointResult<E>> {
  const spec = responseSpecFor(def, ctx.accessType);
  if (typeof spec === 'string') throw new TypeError(`${def.method} ${def.path} does not answer JSON`);
  const params = (input.params ?? {}) as Record<PathParams<E['path']>, string>;
  const query = input.query as Record<string, string | undefined> | undefined;
  const request: PipelineRequest = {
    method: def.method,
    path: buildEndpointPath(def.path, params) + buildQueryString(query),
    session: input.session ?? null,
  };
  if (input.body !== undefined) request.json = input.body;
  return (await ctx.transport.sendJson(request, spec)) as EndpointResult<E>;
}

/** Query booleans and numbers travel as strings. */
export function queryValue(value: string | number | boolean | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}

/** `call`'s answer, or null when it fails with `code` (or a child of it): the SDK's getters answer null for what does not exist. */
export async function orNullOn<T>(code: KnownErrorCode, call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (isKnownErrorOf(error, code)) return null;
    throw error;
  }
}

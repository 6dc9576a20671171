// The shapes of the endpoint table's paths, without its schemas, and the prefix every API path has. The page and
// the worker name endpoints with the generated contract (contract/api.generated.ts) and build their paths with
// endpoint-request.ts, never with a path written by hand. A constant and types only: the page's start-up chunk
// imports the prefix, and a module its lazy chunks share would otherwise become a start-up chunk of its own.

import type { AccessType } from './headers.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** An endpoint as a call site names it, `METHOD /path` (contract/api.generated.ts has one a row of the table). */
export type ApiEndpoint = `${HttpMethod} /${string}`;

/** The path template of an endpoint, e.g. `/teams/{team_id}`. */
export type PathOf<E extends ApiEndpoint> = E extends `${HttpMethod} ${infer P}` ? P : never;

/** The method of an endpoint. */
export type MethodOf<E extends ApiEndpoint> = E extends `${infer M extends HttpMethod} ${string}` ? M : never;

/** The path parameters an endpoint takes: none, or one value for each placeholder. */
export type PathParamsArg<E extends ApiEndpoint> = [PathParams<PathOf<E>>] extends [never] ? [] : [params: Record<PathParams<PathOf<E>>, string>];

/** A row of the endpoint table as plain data (contract/endpoints.generated.ts). */
export interface EndpointContract {
  readonly name: string;
  readonly method: HttpMethod;
  /** Relative to `/api/v1`, with `{param}` placeholders. */
  readonly path: string;
  /** Access types the route accepts; empty = no project authentication. */
  readonly access: readonly AccessType[];
  readonly userRequired: boolean;
  readonly withoutSession: boolean;
  /** Answers with a new session's tokens: only the session host calls it. */
  readonly mintsTokens: boolean;
  /** Reads `x-stack-refresh-token`. */
  readonly readsRefreshToken: boolean;
  /** Answers with a provider's access token the app asked for. */
  readonly returnsProviderToken: boolean;
  /** Its answer names a token field (derived from the response schemas), so the worker must read it. */
  readonly mayCarryTokenFields: boolean;
  readonly successStatus: number;
}

/** Every API path is under this prefix of the API's base URL. */
export const API_PATH_PREFIX = '/api/v1';

/** A base URL as an app gives it, without trailing slashes or the `/api/v1` it may already end in (a common slip). */
export const apiBaseUrl = (url: string): string => url.replace(/(\/api\/v1)?\/*$/, '');

/** Path parameter names of a template, e.g. `/teams/{team_id}` -> 'team_id'. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParams<Rest> : never;

// One row of the endpoint table and the helpers that read it.
import * as z from 'zod/mini';
import { ACCESS_TYPES, type AccessType } from './headers.ts';

import type { HttpMethod } from './endpoint-path.ts';

export * from './endpoint-path.ts';
export * from './endpoint-request.ts';

/** Any zod schema, classic or `zod/mini` (the product's are mini; a test may pass a classic one). */
export interface AnySchema<T = unknown> extends z.core.$ZodType<T> {
  parse(data: unknown): T;
  safeParse(data: unknown): { success: true; data: T; error?: undefined } | { success: false; data?: undefined; error: z.core.$ZodError };
}

/** What a successful response carries: a JSON body (schema), plain text, or a 307 redirect. */
export type ResponseSpec = AnySchema | 'text' | 'redirect';

export interface EndpointDef {
  readonly method: HttpMethod;
  /** Relative to `/api/v1`, with `{param}` placeholders. */
  readonly path: string;
  /** Access types the route accepts; empty = no project authentication (browser navigation, token endpoint). */
  readonly access: readonly AccessType[];
  /** Needs a signed-in user (else SCHEMA_ERROR "auth.user must be defined" or USER_AUTHENTICATION_REQUIRED). */
  readonly userRequired?: boolean;
  /** Reads `x-stack-refresh-token`: the only routes that may receive it. */
  readonly readsRefreshToken?: boolean;
  /** Answers with a new session's tokens: only the session host calls it, never a page. */
  readonly mintsTokens?: boolean;
  /** Answers with a provider's access token the app asked for, not a session token. */
  readonly returnsProviderToken?: boolean;
  /** The official client deliberately sends no user tokens. */
  readonly withoutSession?: boolean;
  /** Request body (strict: unknown keys rejected, as the backend does). Absent = no body. */
  readonly body?: AnySchema;
  /** Body for server/admin callers when it differs from the client one. */
  readonly serverBody?: AnySchema;
  readonly bodyEncoding?: 'json' | 'form';
  /** Query (strict; every value is a string on the wire). */
  readonly query?: AnySchema;
  readonly response: ResponseSpec;
  /** Response for server/admin callers when the view differs (users, teams, project). */
  readonly serverResponse?: ResponseSpec;
  readonly successStatus: number;
}

/** Identity helper: keeps each row's literal schema types for inference. */
export function endpoint<const E extends EndpointDef>(def: E): E {
  return def;
}

export const ALL_ACCESS = ACCESS_TYPES;
export const SERVER_ACCESS = ['server', 'admin'] as const satisfies readonly AccessType[];
export const ADMIN_ACCESS = ['admin'] as const satisfies readonly AccessType[];
export const NO_PROJECT_AUTH = [] as const satisfies readonly AccessType[];

/** A strict object: the backend rejects unknown properties with SCHEMA_ERROR. */
export const strictBody = z.strictObject;

/** Verification, OTP, MFA, passkey and invitation codes are exactly 45 chars. */
export const codeField = z.string().check(z.length(45));
export const emptyBody = z.strictObject({});
export const queryBool = z.enum(['true', 'false']);
/** Numbers travel as strings in queries. */
export const queryInt = z.string().check(z.regex(/^\d+$/));

export type EndpointBody<E extends EndpointDef> = E['body'] extends AnySchema ? z.input<E['body']> : undefined;
export type EndpointQuery<E extends EndpointDef> = E['query'] extends AnySchema ? z.input<E['query']> : undefined;
export type EndpointResponse<E extends EndpointDef> = E['response'] extends AnySchema ? z.output<E['response']> : string;

/** The request body schema that applies to `accessType`. */
export function bodySchemaFor(def: EndpointDef, accessType: AccessType): AnySchema | undefined {
  return accessType === 'client' ? def.body : (def.serverBody ?? def.body);
}

/** The response spec that applies to `accessType`. */
export function responseSpecFor(def: EndpointDef, accessType: AccessType): ResponseSpec {
  return accessType === 'client' ? def.response : (def.serverResponse ?? def.response);
}

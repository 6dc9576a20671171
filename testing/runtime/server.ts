// Fakes shared by the server and admin unit tests: a recording fetch that answers like the backend.
// Web-standard only; nothing outside tests imports it.

import { expect } from 'vitest';
import { fakeFetch, knownErrorResponse, type RecordedCall } from './http.ts';
import type { EndpointDef } from '../../runtime/protocol/endpoint.ts';
import { bodySchemaFor } from '../../runtime/protocol/endpoint.ts';
import type { KnownErrorCode } from '../../runtime/protocol/errors/index.ts';
import type { AccessType } from '../../runtime/protocol/headers.ts';
import { createServerContext } from '../../runtime/server/server-context.ts';

export { knownErrorResponse, makeJwt, tokenExpiringIn, type RecordedCall } from './http.ts';
export {
  adminProjectWire,
  clientProjectWire,
  serverTeamWire,
  serverUserWire,
  TEAM_ID,
  USER_ID,
} from './protocol/fixtures.ts';

export const API = 'https://api.test';
export const PROJECT_ID = 'proj-1';

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

export const successBody = { success: true };

type Answer = Response | unknown;

/** A fetch that answers each call with the next queued answer (a Response, a known-error code, or a JSON body). */
export function scriptedFetch(...answers: (Answer | { knownError: KnownErrorCode; details?: Record<string, unknown> })[]) {
  return fakeFetch((_call, index) => {
    const answer = answers[Math.min(index, answers.length - 1)];
    if (answer instanceof Response) return answer.clone();
    if (typeof answer === 'object' && answer !== null && 'knownError' in answer) {
      const { knownError, details } = answer as { knownError: KnownErrorCode; details?: Record<string, unknown> };
      return knownErrorResponse(knownError, details);
    }
    return jsonResponse(answer);
  });
}

/** `/users?limit=2` for a call to `${API}/api/v1/users?limit=2`. */
export function apiPath(call: RecordedCall): string {
  const url = new URL(call.url);
  expect(url.origin + url.pathname.slice(0, 7)).toBe(`${API}/api/v1`);
  return url.pathname.slice('/api/v1'.length) + url.search;
}

export function jsonBody(call: RecordedCall): unknown {
  return call.init.body === undefined || call.init.body === null ? undefined : JSON.parse(String(call.init.body));
}

/** Asserts method, path+query and exact JSON body of a recorded call. */
export function expectCall(call: RecordedCall | undefined, method: string, path: string, body?: unknown): void {
  expect(call, `no call for ${method} ${path}`).toBeDefined();
  const c = call as RecordedCall;
  expect(c.method).toBe(method);
  expect(apiPath(c)).toBe(path);
  expect(jsonBody(c)).toEqual(body);
  if (body !== undefined) expect(c.headers.get('content-type')).toBe('application/json');
}

/** The body also passes the endpoint table's strict schema (no unknown keys, right types). */
export function expectBodyAccepted(def: EndpointDef, accessType: AccessType, call: RecordedCall | undefined): void {
  const schema = bodySchemaFor(def, accessType);
  expect(schema, `${def.path} has no body schema`).toBeDefined();
  const parsed = schema?.safeParse(jsonBody(call as RecordedCall));
  expect(parsed?.success, JSON.stringify(parsed?.error?.issues)).toBe(true);
}

/** x-stack headers of a key-authenticated server request. */
export function expectServerHeaders(call: RecordedCall | undefined, secretServerKey: string): void {
  const h = (call as RecordedCall).headers;
  expect(h.get('x-stack-project-id')).toBe(PROJECT_ID);
  expect(h.get('x-stack-access-type')).toBe('server');
  expect(h.get('x-stack-secret-server-key')).toBe(secretServerKey);
  expect(h.get('x-stack-override-error-status')).toBe('true');
  expect(h.get('x-stack-random-nonce')).toMatch(/^[0-9a-z]{45}$/);
  expect(h.get('x-stack-client-version')).toMatch(/^js /);
  expect(h.get('x-stack-super-secret-admin-key')).toBeNull();
  expect(h.get('x-stack-access-token')).toBeNull();
}

export const SECRET_SERVER_KEY = 'ssk_test';
export const SUPER_SECRET_ADMIN_KEY = 'sak_test';

/** A server-app context on a scripted fetch. */
export function serverTestContext(...answers: Parameters<typeof scriptedFetch>) {
  const { fetch, calls } = scriptedFetch(...answers);
  const ctx = createServerContext({ projectId: PROJECT_ID, secretServerKey: SECRET_SERVER_KEY, baseUrl: API, fetch, verifyAccessTokens: false });
  return { ctx, calls };
}

import { WORKER_ERROR_HEADER } from '../bridge/messages.ts';
import { NetworkError, OfflineError } from '../http/errors.ts';
import { RedirectRefusedError } from '../http/redirect-refused-error.ts';
import { HEXCLAVE_KNOWN_ERROR_HEADER, STACK_KNOWN_ERROR_HEADER } from '../protocol/headers.ts';
import { KnownError } from '../protocol/errors/base.ts';
import { Answer } from './answer.ts';
import { stripTokenFields } from './sanitize.ts';
import type { SessionHost } from './session-host.ts';

/** The code of the worker's answer when the API (or a forwardAuthTo route) redirected a credentialed request. */
const REDIRECT_REFUSED_CODE = 'AUTHWORKER_REDIRECT_REFUSED';

/** The answer without token fields: a JSON body is read (once, shared with the other steps) and cleaned. */
export async function sanitizeAnswer(answer: Answer): Promise<Answer> {
  const type = answer.headers.get('content-type') ?? '';
  if (!type.includes('json')) return answer;
  const stripped = stripTokenFields(await answer.text());
  return stripped === null ? answer : new Answer(answer, Promise.resolve(stripped));
}

/** Headers a page sent, minus the identity and token headers: only the worker decides those. Lowercase names. */
export function pageHeaders(headers: Headers | Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of headers instanceof Headers ? headers : new Headers(headers)) {
    if (name.startsWith('x-stack-') || name.startsWith('x-hexclave-') || name.startsWith('x-authworker-')) continue;
    out[name] = value;
  }
  return out;
}

export function failureResponse(host: SessionHost, error: unknown): Response {
  if (error instanceof OfflineError) {
    host.setNetwork('offline');
    return jsonResponse(503, { code: 'AUTHWORKER_OFFLINE', error: error.message }, { [WORKER_ERROR_HEADER]: 'offline' });
  }
  if (error instanceof NetworkError) {
    host.setNetwork('degraded');
    return jsonResponse(503, { code: 'AUTHWORKER_NETWORK_ERROR', error: error.message }, { [WORKER_ERROR_HEADER]: 'network' });
  }
  if (error instanceof RedirectRefusedError) {
    return jsonResponse(502, { code: REDIRECT_REFUSED_CODE, error: error.message }, { [WORKER_ERROR_HEADER]: 'redirect' });
  }
  if (error instanceof KnownError) {
    return jsonResponse(error.status, { code: error.code, error: error.message, ...(error.details ? { details: error.details } : {}) }, { [STACK_KNOWN_ERROR_HEADER]: error.code });
  }
  // Anything else may quote a server's answer (a refresh grant's 500 page): the page gets a generic message.
  console.error('[authworker] request failed in the worker', error);
  return jsonResponse(500, { code: 'AUTHWORKER_INTERNAL_ERROR', error: 'authworker: failed in the service worker (see its console).' }, { [WORKER_ERROR_HEADER]: 'internal' });
}

/** Headers a backend or its proxy names a request with, for support. */
const REQUEST_ID_HEADERS = ['x-stack-request-id', 'x-request-id'];

/**
 * A server error that is not a known error reaches the page as a generic message naming the request id: its
 * body (a stack trace, a proxy's page) is for the server's logs, not for the page, and is dropped unread.
 * null for every other answer.
 */
export function serverErrorResponse(answer: Answer): Response | null {
  if (answer.status < 500 || answer.headers.has(STACK_KNOWN_ERROR_HEADER) || answer.headers.has(HEXCLAVE_KNOWN_ERROR_HEADER)) return null;
  answer.discard();
  const idHeader = REQUEST_ID_HEADERS.find((name) => answer.headers.has(name));
  const requestId = idHeader === undefined ? null : answer.headers.get(idHeader);
  const headers: Record<string, string> = { [WORKER_ERROR_HEADER]: 'server' };
  if (idHeader !== undefined && requestId !== null) headers[idHeader] = requestId;
  const message = `Server error ${answer.status}${requestId === null ? '' : `, request id ${requestId}`}.`;
  return jsonResponse(answer.status, { code: 'AUTHWORKER_SERVER_ERROR', error: message, ...(requestId === null ? {} : { request_id: requestId }) }, headers);
}

export function refusedResponse(path: string, reason: 'token-minting' | 'non-canonical-path' = 'token-minting'): Response {
  return new Response(refusalText(path, reason), { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8', [WORKER_ERROR_HEADER]: 'refused' } });
}

/** Why the worker refused a page's request to `path`: one text for the fetch route and the Comlink apiRequest. */
export function refusalText(path: string, reason: 'token-minting' | 'non-canonical-path'): string {
  return reason === 'token-minting'
    ? `authworker refused ${path}: token-issuing endpoints are called by the service worker only (use the app's methods, e.g. app.signInWithCredential()).`
    : `authworker refused ${path}: not a canonical API path.`; // dot segments, escapes, `\`, `//`, a fragment
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

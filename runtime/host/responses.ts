import { WORKER_ERROR_HEADER } from '../bridge/messages.ts';
import { NetworkError, OfflineError, RedirectRefusedError } from '../http/errors.ts';

/** The code of the worker's answer when the API (or a forwardAuthTo route) redirected a credentialed request. */
export const REDIRECT_REFUSED_CODE = 'AUTHWORKER_REDIRECT_REFUSED';
import { stripTokenFields } from './sanitize.ts';
import type { SessionHost } from './session-host.ts';

/** Token fields never reach a page, whatever the endpoint answered. */
export async function sanitizeResponse(response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return response;
  const text = await response.text();
  const stripped = stripTokenFields(text);
  return new Response(stripped ?? text, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Headers a page sent, minus the identity and token headers: only the worker decides those. */
export function pageHeaders(headers: Headers | Record<string, string>): Headers {
  const out = new Headers(headers);
  for (const name of [...out.keys()]) {
    if (name.startsWith('x-stack-') || name.startsWith('x-hexclave-') || name.startsWith('x-authworker-')) out.delete(name);
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
  console.error('[authworker] request failed in the worker', error);
  const message = error instanceof Error ? error.message : String(error);
  return jsonResponse(500, { code: 'AUTHWORKER_INTERNAL_ERROR', error: message }, { [WORKER_ERROR_HEADER]: 'internal' });
}

export function refusedResponse(path: string, reason: 'token-minting' | 'non-canonical-path' = 'token-minting'): Response {
  return new Response(
    reason === 'token-minting'
      ? `authworker refused ${path}: token-issuing endpoints are called by the service worker only. ` +
          'Use the app API instead (for example app.signInWithCredential()), so that tokens never reach the page.'
      : `authworker refused ${path}: API paths may not contain dot segments, escaped dots or slashes, backslashes or empty segments.`,
    { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8', [WORKER_ERROR_HEADER]: 'refused' } },
  );
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

// Request header access with the x-hexclave-* aliases the 2.8 client sends, and the dialect a request is answered in.
import type { Dialect } from '../core/known-errors.ts';
import { isPre28Client } from '../domain/client-version.ts';
import { mayUseSecretKeys, SECRET_KEY_HEADERS, type OriginRule } from './key-origins.ts';

const STACK = 'x-stack-';
const HEXCLAVE = 'x-hexclave-';

/** Reads `x-stack-<name>`, or its `x-hexclave-<name>` alias (which wins when both are sent). */
export function stackHeader(headers: Headers, name: string): string | null {
  return headers.get(HEXCLAVE + name) ?? headers.get(STACK + name);
}

function hasHeaderOf(headers: Headers, family: string): boolean {
  for (const name of headers.keys()) if (name.startsWith(family)) return true;
  return false;
}

/**
 * The dialect a request is answered in. The header names are not the dialect (2.8 clients up to 2.8.85 send
 * x-stack-*): an x-hexclave-* header is always the current one, a client version below 2.8 (`js
 * @stackframe/stack@2.7.26`) is 2.7, and any other request gets `fallback`, the emulator's own (`--dialect`).
 */
export function requestDialect(headers: Headers, fallback: Dialect = 'current'): Dialect {
  if (hasHeaderOf(headers, HEXCLAVE)) return 'current';
  if (isPre28Client(stackHeader(headers, 'client-version'))) return 'stack';
  return fallback;
}

/** Both header families in one request: answered in the current dialect, with a warning in the log. */
export function mixesHeaderFamilies(headers: Headers): boolean {
  return hasHeaderOf(headers, HEXCLAVE) && hasHeaderOf(headers, STACK);
}

const STACK_REQUEST_HEADERS = [
  'project-id',
  'override-error-status',
  'random-nonce',
  'client-version',
  'disable-artificial-development-delay',
  'access-type',
  'publishable-client-key',
  'secret-server-key',
  'super-secret-admin-key',
  'admin-access-token',
  'refresh-token',
  'access-token',
];

/** The 2.7 backend's CORS allow-list, exactly: what x-stack-* callers are allowed. */
const STACK_CORS_ALLOW_HEADERS = ['content-type', 'authorization', ...STACK_REQUEST_HEADERS.map((n) => STACK + n), 'baggage', 'sentry-trace'];

/** The 2.7 list, then the x-hexclave-* names the published 2.8 client sends. */
const CORS_ALLOW_HEADERS = [
  ...STACK_CORS_ALLOW_HEADERS,
  ...STACK_REQUEST_HEADERS.filter((n) => n !== 'disable-artificial-development-delay').map((n) => HEXCLAVE + n),
  'x-hexclave-allow-anonymous-user',
  'ngrok-skip-browser-warning',
].join(', ');

function corsHeadersFor(allowHeaders: string): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-max-age': '86400',
    'access-control-allow-headers': allowHeaders,
    // Retry-After too: a page (or its worker) cannot read it cross-origin otherwise, and waits blind on a 429.
    'access-control-expose-headers': 'content-type, x-stack-actual-status, x-stack-known-error, retry-after',
  };
}

const STACK_CORS_HEADERS = corsHeadersFor(STACK_CORS_ALLOW_HEADERS.join(', '));

/** The CORS headers of the current dialect (the 2.7 list plus the x-hexclave-* names). */
export const CORS_HEADERS: Record<string, string> = corsHeadersFor(CORS_ALLOW_HEADERS);

/**
 * The dialect CORS answers in: the request's own, current for a preflight announcing x-hexclave-* names in
 * Access-Control-Request-Headers (a 2.8 client's preflight lists them there), else `fallback`.
 */
export function corsDialect(headers: Headers, fallback: Dialect = 'current'): Dialect {
  const announced = (headers.get('access-control-request-headers') ?? '').split(',');
  if (announced.some((name) => name.trim().toLowerCase().startsWith(HEXCLAVE))) return 'current';
  return requestDialect(headers, fallback);
}

const SECRET_KEY_HEADER_NAMES = new Set(SECRET_KEY_HEADERS.flatMap((name) => [STACK + name, HEXCLAVE + name]));

function withoutSecretKeyHeaders(headers: Record<string, string>): Record<string, string> {
  const allowed = (headers['access-control-allow-headers'] ?? '').split(', ').filter((name) => !SECRET_KEY_HEADER_NAMES.has(name));
  return { ...headers, 'access-control-allow-headers': allowed.join(', ') };
}

const STACK_CORS_HEADERS_NO_KEYS = withoutSecretKeyHeaders(STACK_CORS_HEADERS);
const CORS_HEADERS_NO_KEYS = withoutSecretKeyHeaders(CORS_HEADERS);

/**
 * CORS headers for a request: exactly the 2.7 list for x-stack callers, the x-hexclave-* names added for the current
 * dialect; the secret-key headers only for callers that may use them (http/key-origins.ts).
 */
export function corsHeaders(requestHeaders: Headers, rule: OriginRule = {}, fallback: Dialect = 'current'): Record<string, string> {
  const keys = mayUseSecretKeys(requestHeaders.get('origin'), rule);
  if (corsDialect(requestHeaders, fallback) === 'current') return keys ? CORS_HEADERS : CORS_HEADERS_NO_KEYS;
  return keys ? STACK_CORS_HEADERS : STACK_CORS_HEADERS_NO_KEYS;
}

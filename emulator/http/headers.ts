// Request header access with the x-hexclave-* aliases of protocol.md §14.1, and the dialect they select.
import type { Dialect } from './known-errors.ts';

const STACK = 'x-stack-';
const HEXCLAVE = 'x-hexclave-';

/** Reads `x-stack-<name>`, or its `x-hexclave-<name>` alias (which wins when both are sent). */
export function stackHeader(headers: Headers, name: string): string | null {
  return headers.get(HEXCLAVE + name) ?? headers.get(STACK + name);
}

/** A request carrying any x-hexclave-* header speaks the current dialect (protocol.md §14). */
export function requestDialect(headers: Headers): Dialect {
  for (const name of headers.keys()) if (name.startsWith(HEXCLAVE)) return 'current';
  return 'stack';
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

/** protocol.md §1.3, then the §14.1 names the published 2.8 client sends. */
export const CORS_ALLOW_HEADERS = [
  'content-type',
  'authorization',
  ...STACK_REQUEST_HEADERS.map((n) => STACK + n),
  'baggage',
  'sentry-trace',
  ...STACK_REQUEST_HEADERS.filter((n) => n !== 'disable-artificial-development-delay').map((n) => HEXCLAVE + n),
  'x-hexclave-allow-anonymous-user',
  'ngrok-skip-browser-warning',
].join(', ');

export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-max-age': '86400',
  'access-control-allow-headers': CORS_ALLOW_HEADERS,
  'access-control-expose-headers': 'content-type, x-stack-actual-status, x-stack-known-error',
};

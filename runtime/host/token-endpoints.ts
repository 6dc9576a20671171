import { isCanonicalApiPath, normaliseApiPath } from './api-path.ts';

/** Endpoints that mint tokens (`METHOD /path`): only the session host itself may call them, never a page. */
export const TOKEN_MINTING: ReadonlySet<string> = new Set([
  'POST /auth/oauth/token',
  'POST /auth/password/sign-in',
  'POST /auth/password/sign-up',
  'POST /auth/otp/sign-in',
  'POST /auth/mfa/sign-in',
  'POST /auth/passkey/sign-in',
  'POST /auth/sessions',
  'POST /auth/sessions/current/refresh',
  'POST /auth/anonymous/sign-up',
]);

/** `METHOD /path` of a path under /api/v1 that may carry a query; trailing slashes do not change the endpoint. */
function endpointKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${(path.split('?')[0] ?? '').replace(/\/+$/, '') || '/'}`;
}

export function isTokenMinting(method: string, path: string): boolean {
  return TOKEN_MINTING.has(endpointKey(method, normaliseApiPath(path)));
}

/**
 * Why a page may not send `method path` through the worker, or null when it may: a token-minting endpoint,
 * or a path with something left to resolve (dot segments, escaped dots or slashes, `\`, `//`), which no
 * real endpoint needs and which could resolve to one past the checks.
 */
export function pageRequestRefusal(method: string, path: string): 'token-minting' | 'non-canonical-path' | null {
  if (isTokenMinting(method, path)) return 'token-minting';
  return isCanonicalApiPath(path) ? null : 'non-canonical-path';
}

// Connected accounts' provider tokens (protocol.md §7.5): the app asked for them, and they are not session
// tokens, so their `access_token` reaches the page. Plain segments only: no dot segment or escape can make
// the URL resolve to another endpoint.
const PROVIDER_TOKEN_PATHS = [/^\/connected-accounts\/[\w-]+\/[\w-]+\/access-token$/, /^\/auth\/oauth\/connected-accounts\/[\w-]+\/access-token$/];

/** True for the endpoints whose answer is a provider's access token for the signed-in user. */
export function returnsProviderToken(method: string, path: string): boolean {
  const bare = (path.split('?')[0] ?? '').replace(/\/+$/, '');
  return method.toUpperCase() === 'POST' && PROVIDER_TOKEN_PATHS.some((pattern) => pattern.test(bare));
}

/**
 * Whether the answer to `method path` may carry token fields, so the sanitiser must read it. Every endpoint whose
 * answer has one is a POST (protocol.md §6.5, §7.1-§7.5; token-endpoints.test.ts checks the endpoint table), so:
 * every answer but a GET's or a HEAD's, and, to be safe, GETs under /auth/. Other GETs stream through unread.
 */
export function mayCarryTokenFields(method: string, path: string): boolean {
  return !/^(GET|HEAD)$/i.test(method) || /^\/auth(\/|$)/.test(normaliseApiPath(path));
}

// The rows of the endpoint table marked `readsRefreshToken` (protocol.md §3.2, §7.4), as exact method + path
// pairs so the worker need not load the zod table; token-endpoints.test.ts keeps the two equal.
const REFRESH_TOKEN_READERS = new Set(['POST /auth/password/update', 'DELETE /auth/sessions/current', 'POST /auth/sessions/current/refresh']);

/** True for the endpoints that read `x-stack-refresh-token`: the only requests the worker sends it with. */
export function readsRefreshToken(method: string, path: string): boolean {
  return REFRESH_TOKEN_READERS.has(endpointKey(method, path));
}

/** The sign-out revoke: the worker answers it with a full sign-out (wipe, broadcast, queued revoke), never a bare forward. */
export function isSignOut(method: string, path: string): boolean {
  return endpointKey(method, path) === 'DELETE /auth/sessions/current';
}

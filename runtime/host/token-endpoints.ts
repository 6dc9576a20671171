// The worker's token rules, as lookups in the generated contract (runtime/protocol/contract/): which endpoints
// mint tokens, read the refresh token or answer with a provider's token. The table's rows mark them.
import * as api from '../protocol/contract/api.generated.ts';
import { PROVIDER_TOKEN_PATHS, REFRESH_TOKEN_READERS, TOKEN_MINTING, TOKEN_PATH_PREFIXES } from '../protocol/contract/endpoints.generated.ts';
import { isCanonicalApiPath, normaliseApiPath } from './api-path.ts';

/** `METHOD /path` of the endpoints that mint tokens: only the session host itself may call them, never a page. */
export { TOKEN_MINTING };

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

/**
 * True for the endpoints whose answer is a provider's access token for the signed-in user: the
 * app asked for it and it is not a session token, so its `access_token` reaches the page. Plain segments only: no
 * dot segment or escape can make the URL resolve to another endpoint.
 */
export function returnsProviderToken(method: string, path: string): boolean {
  const bare = (path.split('?')[0] ?? '').replace(/\/+$/, '');
  return method.toUpperCase() === 'POST' && PROVIDER_TOKEN_PATHS.some((pattern) => pattern.test(bare));
}

/**
 * Whether the answer to `method path` may carry token fields, so the sanitiser must read it. Every row of the table
 * whose answer names one is a POST under a token prefix (contract.test.ts checks it), so: every answer but a GET's
 * or a HEAD's, and, to be safe, GETs under those prefixes. Other GETs stream through unread.
 */
export function mayCarryTokenFields(method: string, path: string): boolean {
  if (!/^(GET|HEAD)$/i.test(method)) return true;
  const bare = normaliseApiPath(path);
  return TOKEN_PATH_PREFIXES.some((prefix) => bare === prefix || bare.startsWith(`${prefix}/`));
}

/** True for the endpoints that read `x-stack-refresh-token`: the only requests the worker sends it with. */
export function readsRefreshToken(method: string, path: string): boolean {
  return REFRESH_TOKEN_READERS.has(endpointKey(method, path));
}

/** The sign-out revoke: the worker answers it with a full sign-out (wipe, broadcast, queued revoke), never a bare forward. */
export function isSignOut(method: string, path: string): boolean {
  return endpointKey(method, path) === api.sessionSignOut;
}

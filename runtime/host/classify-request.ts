// Which requests a worker takes on: the configured API's `/api/v1` requests get the session's headers, the
// token endpoints and paths with something left to resolve are refused, everything else passes untouched.
import { normaliseApiPath } from './api-path.ts';
import { isSignOut, pageRequestRefusal } from './token-endpoints.ts';
import { API_PATH_PREFIX } from '../protocol/endpoint-path.ts';

export type ApiRoute =
  | { kind: 'not-api' }
  | { kind: 'token-minting'; path: string }
  | { kind: 'non-canonical-path'; path: string }
  | { kind: 'sign-out'; path: string }
  | { kind: 'api'; path: string };

/** Classifies a request URL: only the configured API origin and `/api/v1` prefix are ours. */
export function classifyRequest(url: URL, method: string, apiUrl: string): ApiRoute {
  const api = new URL(apiUrl);
  if (url.origin !== api.origin) return { kind: 'not-api' };
  const prefix = `${api.pathname.replace(/\/+$/, '')}${API_PATH_PREFIX}`;
  const underPrefix = (pathname: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  if (!underPrefix(url.pathname)) {
    // `/api/v2/..%2fv1/...` is not ours as written, but a server that decodes it routes it under the prefix.
    return underPrefix(normaliseApiPath(url.pathname)) ? { kind: 'non-canonical-path', path: `${url.pathname}${url.search}` } : { kind: 'not-api' };
  }
  const path = url.pathname.slice(prefix.length);
  const normalised = path.replace(/\/+$/, '') || '/';
  const pathWithQuery = `${path}${url.search}`;
  const refusal = pageRequestRefusal(method, path);
  if (refusal !== null) return { kind: refusal, path: pathWithQuery };
  if (isSignOut(method, normalised)) return { kind: 'sign-out', path: pathWithQuery };
  return { kind: 'api', path: pathWithQuery };
}

import { isSignOut, isTokenMinting } from '../runtime/host/token-endpoints.ts';
import { API_PATH_PREFIX } from './options.ts';

export type ApiRoute =
  | { kind: 'not-api' }
  | { kind: 'token-minting'; path: string }
  | { kind: 'sign-out'; path: string }
  | { kind: 'api'; path: string };

/** Classifies a request URL: only the configured API origin and `/api/v1` prefix are ours. */
export function classifyRequest(url: URL, method: string, apiUrl: string): ApiRoute {
  const api = new URL(apiUrl);
  if (url.origin !== api.origin) return { kind: 'not-api' };
  const prefix = `${api.pathname.replace(/\/+$/, '')}${API_PATH_PREFIX}`;
  if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return { kind: 'not-api' };
  const path = url.pathname.slice(prefix.length);
  const normalised = path.replace(/\/+$/, '') || '/';
  const pathWithQuery = `${path}${url.search}`;
  if (isTokenMinting(method, normalised)) return { kind: 'token-minting', path: pathWithQuery };
  if (isSignOut(method, normalised)) return { kind: 'sign-out', path: pathWithQuery };
  return { kind: 'api', path: pathWithQuery };
}

import { API_PATH_PREFIX } from './options.ts';

/** Endpoints that mint tokens: only the worker itself may call them. */
const TOKEN_MINTING = new Set([
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

/** The only endpoint a page may reach that reads the refresh token (protocol.md §7.4). */
const SIGN_OUT = 'DELETE /auth/sessions/current';

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
  const key = `${method.toUpperCase()} ${normalised}`;
  const pathWithQuery = `${path}${url.search}`;
  if (TOKEN_MINTING.has(key)) return { kind: 'token-minting', path: pathWithQuery };
  if (key === SIGN_OUT) return { kind: 'sign-out', path: pathWithQuery };
  return { kind: 'api', path: pathWithQuery };
}

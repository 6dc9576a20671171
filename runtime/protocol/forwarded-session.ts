// Reads the session a browser forwarded to the app's own backend: the
// `authorization: Bearer stackauth_…` header, then `x-stack-auth`, then a plain `Bearer <access token>`
// (what an authworker page sends: it never holds the refresh token), then the SDK's cookies.

import { parseCookies, sessionCookieNames } from './session-cookies.ts';

/** A session handed to an app from outside: either token may be missing. */
export interface ForwardedTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

/** A fetch `Request`, or anything with a `headers.get()` (framework request objects). */
export interface RequestLike {
  headers: { get(name: string): string | null };
}

/** A request-like object rather than a token object (the two forms of the SDK's `tokenStore` objects). */
export function isRequestLike(input: RequestLike | ForwardedTokens): input is RequestLike {
  return typeof (input as Partial<RequestLike>).headers?.get === 'function';
}

const NO_TOKENS: ForwardedTokens = { accessToken: null, refreshToken: null };

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** `{"accessToken": …, "refreshToken": …}`; anything else counts as no session (the header is caller input). */
export function parseAuthJson(text: string): ForwardedTokens {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return NO_TOKENS;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return NO_TOKENS;
  const { accessToken, refreshToken } = parsed as Record<string, unknown>;
  return { accessToken: stringOrNull(accessToken), refreshToken: stringOrNull(refreshToken) };
}

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]*$/;

/** `Bearer <JWT>`: an access token alone. */
function fromPlainBearer(header: string | null): ForwardedTokens | null {
  const match = header === null ? null : /^Bearer\s+(\S+)$/i.exec(header.trim());
  const token = match?.[1];
  return token !== undefined && JWT_SHAPE.test(token) ? { accessToken: token, refreshToken: null } : null;
}

/** The 2.8 SDK's `getAuthorizationHeader()` form: `Bearer stackauth_<base64 of the JSON>`. */
function fromAuthorization(header: string | null): ForwardedTokens | null {
  const match = header === null ? null : /^Bearer\s+(?:stackauth|hexclave)_(\S+)$/i.exec(header.trim());
  if (!match) return null;
  try {
    return parseAuthJson(atob((match[1] as string).replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return NO_TOKENS;
  }
}

/** The refresh token of the newest `{refresh_token, updated_at_millis}` cookie under one of `prefixes`. */
function newestStructuredRefresh(cookies: Map<string, string>, prefixes: string[]): string | null {
  let newest: { token: string; at: number } | null = null;
  for (const [name, value] of cookies) {
    if (!prefixes.some((prefix) => name.startsWith(prefix))) continue;
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed !== 'object' || parsed === null) continue;
      const { refresh_token: token, updated_at_millis: at } = parsed as Record<string, unknown>;
      const time = typeof at === 'number' ? at : 0;
      if (typeof token === 'string' && token !== '' && (newest === null || time > newest.at)) newest = { token, at: time };
    } catch {
      // not one of the client's cookies
    }
  }
  return newest?.token ?? null;
}

/**
 * The browser clients' cookies, in the 2.8 client's order: its own
 * `[__Host-]hexclave-refresh-<id>--*` (newest first), `stack-refresh-<id>`, the structured 2.7 names, the
 * legacy `stack-refresh`. The access token comes from `hexclave-access` or `stack-access` =
 * `["<refresh>","<access>"]` when it belongs to that refresh token.
 */
function fromCookies(header: string | null, projectId: string): ForwardedTokens {
  const names = sessionCookieNames(projectId);
  const cookies = parseCookies(header ?? '');
  const refreshToken =
    newestStructuredRefresh(cookies, names.currentPrefixes) ??
    stringOrNull(cookies.get(names.legacyRefresh)) ??
    newestStructuredRefresh(cookies, names.structuredPrefixes) ??
    stringOrNull(cookies.get(names.legacyShared));
  let accessToken: string | null = null;
  for (const name of [names.currentAccess, names.legacyAccess]) {
    const access = cookies.get(name);
    if (access === undefined || refreshToken === null || accessToken !== null) continue;
    try {
      const pair: unknown = JSON.parse(access);
      if (Array.isArray(pair) && pair[0] === refreshToken) accessToken = stringOrNull(pair[1]);
    } catch {
      // an unreadable access cookie only costs a refresh
    }
  }
  return { accessToken, refreshToken };
}

export function tokensFromRequest(request: RequestLike, projectId: string): ForwardedTokens {
  const fromBearer = fromAuthorization(request.headers.get('authorization'));
  if (fromBearer !== null) return fromBearer;
  const stackAuth = request.headers.get('x-stack-auth');
  if (stackAuth !== null) return parseAuthJson(stackAuth);
  const plainBearer = fromPlainBearer(request.headers.get('authorization'));
  if (plainBearer !== null) return plainBearer;
  return fromCookies(request.headers.get('cookie'), projectId);
}

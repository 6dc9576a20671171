import { HEADER } from '../runtime/protocol/headers.ts';
import type { SessionHost } from '../runtime/host/session-host.ts';
import { ACCESS_TOKEN_MARGIN_MS } from '../runtime/http/pipeline.ts';

export interface ForwardAuthConfig {
  pathPrefixes: string[];
  includeRefreshToken: boolean;
}

/** Whether a request goes to one of the app's own routes that want to know the user. */
export function wantsAuthHeader(url: URL, workerOrigin: string, config: ForwardAuthConfig | undefined): boolean {
  if (!config || url.origin !== workerOrigin) return false;
  return config.pathPrefixes.some((prefix) => url.pathname.startsWith(prefix));
}

/**
 * Sends the request on with `x-stack-auth: {"accessToken", "refreshToken"}` (protocol.md §1.2): a
 * fresh access token (20 s margin) and the refresh token only when configured. A header the page
 * set itself is replaced, never trusted.
 */
export async function sendWithAuthHeader(
  host: SessionHost,
  request: Request,
  config: ForwardAuthConfig,
  fetchImpl: typeof fetch,
): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete(HEADER.auth);
  try {
    await host.ensureLoaded();
    const tokens = await host.session?.getTokens(ACCESS_TOKEN_MARGIN_MS);
    if (tokens) {
      headers.set(HEADER.auth, JSON.stringify({ accessToken: tokens.accessToken, refreshToken: config.includeRefreshToken ? tokens.refreshToken : null }));
    }
  } catch (error) {
    // No fresh token (offline, refresh refused): the request goes on without a user.
    console.warn('[authworker] no access token for', request.url, error);
  }
  const method = request.method.toUpperCase();
  const body = method === 'GET' || method === 'HEAD' ? null : await request.arrayBuffer();
  return fetchImpl(request.url, {
    method,
    headers,
    body,
    credentials: request.credentials,
    cache: request.cache,
    redirect: request.redirect,
    referrer: request.referrer,
    integrity: request.integrity,
    signal: request.signal,
  });
}

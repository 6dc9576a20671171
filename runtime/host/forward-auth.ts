import { HEADER } from '../protocol/headers.ts';
import type { SessionHost } from './session-host.ts';
import { ACCESS_TOKEN_MARGIN_MS } from '../http/pipeline.ts';
import { isRedirectAnswer, refuseRedirect } from '../http/redirects.ts';
import { isCanonicalApiPath } from './api-path.ts';
import { failureResponse } from './responses.ts';

export interface ForwardAuthConfig {
  pathPrefixes: string[];
  includeRefreshToken: boolean;
  /** Top-level GET/HEAD navigations under the prefixes get the header too. */
  navigations: boolean;
  /** Also navigations that another site started (they would arrive as same-origin requests with the app's Strict cookies). */
  crossSiteNavigations: boolean;
}

/**
 * Whether a request goes to one of the app's own routes that want to know the user: same origin, a path
 * with nothing left to resolve (`%2f`, `%2e`, `//`: a server may decode it elsewhere), under a prefix on a
 * segment boundary (`/dashboard` covers `/dashboard/x`, not `/dashboard-x`).
 */
export function wantsAuthHeader(url: URL, workerOrigin: string, config: ForwardAuthConfig | undefined): boolean {
  const path = url.pathname;
  if (!config || url.origin !== workerOrigin || !isCanonicalApiPath(path)) return false;
  return config.pathPrefixes.some((prefix) => {
    const base = prefix.replace(/\/+$/, '');
    return path === base || path.startsWith(`${base}/`);
  });
}

/**
 * Whether the worker answers this request itself to add `x-stack-auth`: a same-origin request under
 * a prefix, and a navigation only when `navigations` is on and it is a top-level GET or HEAD. Like a
 * SameSite=Lax cookie, minus the form posts: a navigation can come from another site, so a form post
 * or a frame of ours embedded elsewhere never carries the token. A navigation another site started
 * (its referrer is not this origin) goes on untouched unless `crossSiteNavigations` is on: re-sent by the
 * worker it would become a same-origin request, with the app's SameSite=Strict cookies and
 * `Sec-Fetch-Site: same-origin`.
 */
export function forwardsAuthFor(request: Request, workerOrigin: string, config: ForwardAuthConfig | undefined): boolean {
  if (!config || !wantsAuthHeader(new URL(request.url), workerOrigin, config)) return false;
  if (request.mode !== 'navigate') return true;
  return (
    config.navigations &&
    request.destination === 'document' &&
    /^(GET|HEAD)$/i.test(request.method) &&
    (config.crossSiteNavigations || sameOriginReferrer(request) !== '')
  );
}

/**
 * Sends the request on with `x-stack-auth: {"accessToken", "refreshToken"}`: a
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
  const init = reissuedRequestInit(request, headers, await resentBody(request));
  if (!headers.has(HEADER.auth)) return fetchImpl(request.url, init);
  // The token never follows a redirect: the browser follows a navigation's opaque redirect as a new
  // navigation (which this worker judges afresh), a page that asked for 'manual' gets it, anyone else an error.
  const response = await fetchImpl(request.url, { ...init, redirect: 'manual' });
  if (!isRedirectAnswer(response) || request.mode === 'navigate' || request.redirect === 'manual') return response;
  try {
    refuseRedirect(response, request.url);
  } catch (error) {
    return failureResponse(host, error);
  }
  return response;
}

/** The body of a page's request as the worker sends it on: none for GET and HEAD. */
export function resentBody(request: Request): Promise<ArrayBuffer | null> {
  return /^(GET|HEAD)$/i.test(request.method) ? Promise.resolve(null) : request.arrayBuffer();
}

/**
 * The page's request as the worker sends it again, with `headers`. A navigation cannot be built with
 * mode 'navigate': it goes as a same-origin fetch (it only ever targets our origin) with redirect
 * 'manual', so a redirect comes back as an opaque redirect that the browser follows as a navigation,
 * and under its own URL (a followed redirect may not answer a navigation).
 */
export function reissuedRequestInit(request: Request, headers: Headers, body: ArrayBuffer | null): RequestInit {
  const init: RequestInit = {
    method: request.method.toUpperCase(),
    headers,
    body,
    credentials: request.credentials,
    cache: request.cache,
    redirect: request.redirect,
    referrer: sameOriginReferrer(request),
    referrerPolicy: request.referrerPolicy,
    integrity: request.integrity,
    signal: request.signal,
  };
  if (request.mode === 'navigate') {
    init.mode = 'same-origin';
    init.redirect = 'manual';
  }
  return init;
}

/** A request may only name a referrer of its own origin; another one (a link on another site) is dropped. */
function sameOriginReferrer(request: Request): string {
  try {
    return new URL(request.referrer).origin === new URL(request.url).origin ? request.referrer : '';
  } catch {
    return '';
  }
}

// Account linking puts the user's access token in the authorize URL. The page never
// holds that token: it asks the session host to prepare the navigation. A worker answers with a
// same-origin trampoline URL that its fetch handler turns into a redirect to the authorize URL with the
// token added, so the token only travels in that one navigation to the API. The page-hosted session
// (which keeps its tokens in the page anyway) appends the token directly.
import type { SessionHost } from './session-host.ts';
import * as api from '../protocol/contract/api.generated.ts';
import { API_PATH_PREFIX } from '../protocol/endpoint-path.ts';
import { endpointRequest } from '../protocol/endpoint-request.ts';

// The authorize path up to its provider: `/api/v1/auth/oauth/authorize/`.
const AUTHORIZE_PATH = endpointRequest(api.oauthAuthorize).path;
const AUTHORIZE_PATH_PREFIX = API_PATH_PREFIX + AUTHORIZE_PATH.slice(0, AUTHORIZE_PATH.indexOf('{'));
/** How long a prepared link navigation may wait for the page to follow it. */
const PENDING_LINK_TTL_MS = 60_000;
const MAX_PENDING_LINKS = 16;
export const OAUTH_LINK_TRAMPOLINE_PATH = '__authworker/oauth-link/';
const NEEDS_USER = 'authworker: linking an account needs a signed-in user.';

class OAuthLinkError extends Error {
  override name = 'OAuthLinkError';
}

/** The authorize URL a page may ask for: on the configured API, `type=link`, no token of its own. */
export function checkLinkAuthorizeUrl(authorizeUrl: string, apiUrl: string): URL {
  const url = URL.parse(authorizeUrl);
  const base = new URL(apiUrl);
  if (
    url?.origin !== base.origin ||
    !url.pathname.startsWith(base.pathname.replace(/\/+$/, '') + AUTHORIZE_PATH_PREFIX) ||
    url.searchParams.get('type') !== 'link' ||
    url.searchParams.has('token')
  ) {
    throw new OAuthLinkError("authworker: account linking only navigates to the API's authorize endpoint, with type=link and no token.");
  }
  return url;
}

export interface OAuthLinkGateOptions {
  apiUrl: string;
  /** Absolute URL prefix of the worker's trampoline (scope + OAUTH_LINK_TRAMPOLINE_PATH); null in the page. */
  trampolineBase: string | null;
  now?: () => number;
}

export class OAuthLinkGate {
  readonly #options: OAuthLinkGateOptions;
  readonly #pending = new Map<string, { url: string; expiresAt: number }>();
  readonly #now: () => number;

  constructor(options: OAuthLinkGateOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** Where the page navigates to start linking: the trampoline (worker) or the authorize URL itself (page). */
  async prepare(authorizeUrl: string, host: SessionHost): Promise<{ navigateTo: string }> {
    const url = checkLinkAuthorizeUrl(authorizeUrl, this.#options.apiUrl);
    await host.ensureLoaded();
    if (!host.session) throw new OAuthLinkError(NEEDS_USER);
    const base = this.#options.trampolineBase;
    if (base === null) return { navigateTo: await withToken(url, host) };
    this.#expire();
    const id = crypto.randomUUID();
    this.#pending.set(id, { url: url.href, expiresAt: this.#now() + PENDING_LINK_TTL_MS });
    return { navigateTo: base + id };
  }

  /** The trampoline id of a request URL, or null when the URL is not the trampoline. */
  trampolineId(requestUrl: string): string | null {
    const base = this.#options.trampolineBase;
    if (base === null || !requestUrl.startsWith(base)) return null;
    return requestUrl.slice(base.length).split(/[?#]/)[0] ?? '';
  }

  /** The worker's answer to a trampoline navigation: a redirect to the authorize URL with a fresh token. */
  async respond(id: string, host: SessionHost): Promise<Response> {
    this.#expire();
    const pending = this.#pending.get(id);
    this.#pending.delete(id);
    if (!pending) return expiredPage();
    await host.ensureLoaded();
    if (!host.session) return expiredPage();
    return Response.redirect(await withToken(new URL(pending.url), host), 303);
  }

  #expire(): void {
    const now = this.#now();
    for (const [id, entry] of this.#pending) if (entry.expiresAt <= now) this.#pending.delete(id);
    // A page that prepares links in a loop cannot grow the map without bound.
    while (this.#pending.size >= MAX_PENDING_LINKS) this.#pending.delete(this.#pending.keys().next().value as string);
  }
}

async function withToken(url: URL, host: SessionHost): Promise<string> {
  const tokens = await host.session?.getTokens();
  if (!tokens) throw new OAuthLinkError(NEEDS_USER);
  const withTokenUrl = new URL(url);
  withTokenUrl.searchParams.set('token', tokens.accessToken);
  return withTokenUrl.href;
}

function expiredPage(): Response {
  return new Response('This account-linking link has expired or was already used. Go back and try again.', {
    status: 410,
    headers: { 'cache-control': 'no-store' },
  });
}

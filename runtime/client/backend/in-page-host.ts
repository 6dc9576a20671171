import type { HostEvent, SessionBackend, WorkerApi, WorkerMethod, WorkerValue } from '../../bridge/messages.ts';
import { SessionHintChannel, type UserHint } from '../../host/broadcast.ts';
import { COOKIE_POLL_MS, CookieVault } from '../../host/cookie-vault.ts';
import { createSessionHost, type SessionHostServices } from '../../host/create-session-host.ts';
import type { StoredSession } from '../../host/vault.ts';
import { isRequestLike, tokensFromRequest, type ForwardedTokens, type RequestLike } from '../../protocol/forwarded-session.ts';
import { decodeAccessToken } from '../../session/jwt.ts';
import { givenToken } from '../../session/token-session.ts';
import { rebuildBridgeError } from './bridge-errors.ts';
import { inPageChannelName, type InPageHostOptions } from './in-page-host-options.ts';

/**
 * The session a token-object or request token store hands over; none without a refresh token. A
 * token object's strings must be usable (never the literal 'undefined').
 */
function initialSessionOf(tokens: ForwardedTokens | RequestLike, projectId: string): StoredSession | null {
  const { accessToken, refreshToken } = isRequestLike(tokens)
    ? tokensFromRequest(tokens, projectId)
    : { accessToken: givenToken(tokens.accessToken, 'Access token'), refreshToken: givenToken(tokens.refreshToken, 'Refresh token') };
  if (refreshToken === null) return null;
  return { refreshToken, accessToken, userId: (accessToken && decodeAccessToken(accessToken)?.sub) || null };
}

/**
 * The weaker mode for browsers without a service worker: the session host (runtime/host) runs in the page,
 * built as the worker builds it. Tokens then live in page memory; tabs still agree: a change goes out as a
 * hint on the BroadcastChannel, and each tab's host re-reads the shared storage (a hint carries no state, so
 * a forged one changes nothing).
 */
export class InPageHost implements SessionBackend {
  readonly controlsPage = false;
  readonly #services: SessionHostServices;

  constructor(options: InPageHostOptions) {
    // A fallback from the worker deserves a warning; a store the app chose ('memory', 'cookie') does not.
    if (options.persistence === undefined || options.persistence === 'indexeddb') {
      console.warn('[authworker] no service worker: the session runs in the page (weaker mode, tokens in page memory).');
    }
    // The official SDK's cookies hold the session in cookie mode; the host's other records then stay in memory.
    const cookies = options.persistence === 'cookie' ? new CookieVault(options.projectId) : null;
    // A hint from another tab: this host re-reads storage, or fetches the user once shown, and tells its own tab (no hint back).
    const hints = new SessionHintChannel(
      options.channelName ?? inPageChannelName(options),
      () => void this.#services.host.syncFromStore({ broadcast: false }),
      onceVisible((hint) => void this.#services.userFeed.announce(hint.user ? ['user', ...hint.reads] : hint.reads, { broadcast: false })),
    );
    this.#services = createSessionHost({
      apiUrl: options.apiUrl,
      projectId: options.projectId,
      publishableClientKey: options.publishableClientKey,
      ...(options.persistence === 'memory' || cookies ? { persistence: 'memory' as const } : {}),
      ...(cookies ? { vault: cookies } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      // The tokens are in this page already: handing the access token to its own code hides nothing.
      exposeAccessToken: true,
      publish: hints,
      initialSession: options.initialTokens ? initialSessionOf(options.initialTokens, options.projectId) : null,
    });
    // Queued revokes go out with each page load and when the page is back online (the worker sends them when a page calls it).
    void this.#services.signOut.flush();
    if (typeof addEventListener === 'function') addEventListener('online', () => void this.#services.signOut.flush());
    if (cookies) watchCookies(cookies, () => void this.#services.host.syncFromStore());
  }

  watchSession(listener: (event: HostEvent) => void): void {
    this.#services.host.subscribe((snapshot) => listener({ type: 'session', snapshot }));
    this.#services.userFeed.subscribe((change) => listener({ type: 'user', change }));
  }

  async call<M extends WorkerMethod>(method: M, ...args: Parameters<WorkerApi[M]>): Promise<WorkerValue<M>> {
    const invoke = this.#services.api[method] as (...a: Parameters<WorkerApi[M]>) => ReturnType<WorkerApi[M]>;
    const result = (await invoke(...args)) as Awaited<ReturnType<WorkerApi[M]>>;
    if (!result.ok) throw await rebuildBridgeError(result.error);
    return result.value as WorkerValue<M>;
  }
}

/**
 * Runs `act` now in a visible tab; a hidden one waits until it is shown, and then runs it once for all the hints it
 * heard meanwhile (each page-hosted tab fetches for itself: hidden tabs do not all ask at once).
 */
function onceVisible(act: (hint: UserHint) => void): (hint: UserHint) => void {
  let pending: UserHint | null = null;
  const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';
  return (hint) => {
    if (!hidden()) return act(hint);
    const first = pending === null;
    pending = { user: hint.user || (pending?.user ?? false), reads: [...new Set([...(pending?.reads ?? []), ...hint.reads])] };
    if (!first) return;
    const shown = () => {
      if (hidden()) return;
      document.removeEventListener('visibilitychange', shown);
      const heard = pending;
      pending = null;
      if (heard) act(heard);
    };
    document.addEventListener('visibilitychange', shown);
  };
}

/**
 * Cookies have no change event: they are read again every 100 ms, as the official client does, so tabs (and
 * that client) agree even without BroadcastChannel.
 */
function watchCookies(cookies: CookieVault, onChange: () => void): void {
  let seen = cookies.read().refreshToken;
  setInterval(() => {
    const now = cookies.read().refreshToken;
    if (now !== seen) {
      seen = now;
      onChange();
    }
  }, COOKIE_POLL_MS);
}

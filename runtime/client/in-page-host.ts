import {
  type SessionBackend,
  type SessionSnapshot,
  type WorkerApi,
  type WorkerMethod,
  type WorkerValue,
} from '../bridge/messages.ts';
import { createWorkerApi } from '../host/api.ts';
import { OAuthLinkGate } from '../host/oauth-link.ts';
import { COOKIE_POLL_MS, CookieVault } from '../host/cookie-vault.ts';
import { InflightGets } from '../host/coalesce.ts';
import { OfflineReadCache } from '../host/offline-read-cache.ts';
import { SessionHintChannel } from '../host/broadcast.ts';
import { SessionHost } from '../host/session-host.ts';
import { SignOutService } from '../host/sign-out.ts';
import { assertUsableTokenString } from '../flows/token-rules.ts';
import { isRequestLike, tokensFromRequest, type ForwardedTokens, type RequestLike } from '../host/request-tokens.ts';
import { IndexedDbVault, MemoryVault, type StoredSession } from '../host/vault.ts';
import { decodeAccessToken } from '../session/jwt.ts';
import { createPipeline } from '../http/pipeline.ts';
import { requestRefreshGrant } from '../session/refresh-grant.ts';
import { rebuildBridgeError } from './bridge-errors.ts';
import { inPageChannelName, type InPageHostOptions } from './in-page-host-options.ts';


/**
 * The session a token-object or request token store hands over; none without a refresh token (§11 #25). A
 * token object's strings must be usable (spec §5: never the literal 'undefined').
 */
export function initialSessionOf(tokens: ForwardedTokens | RequestLike, projectId: string): StoredSession | null {
  const usable = (kind: 'access' | 'refresh', token: string | null | undefined) => (token == null ? null : assertUsableTokenString(kind, token));
  const { accessToken, refreshToken } = isRequestLike(tokens)
    ? tokensFromRequest(tokens, projectId)
    : { accessToken: usable('access', tokens.accessToken), refreshToken: usable('refresh', tokens.refreshToken) };
  if (refreshToken === null) return null;
  return { refreshToken, accessToken, userId: (accessToken && decodeAccessToken(accessToken)?.sub) || null };
}

/**
 * The weaker mode for browsers without a service worker: the same session host runs in the page.
 * Tokens then live in page memory; tabs still agree: a change goes out as a hint on the BroadcastChannel, and
 * each tab's host re-reads the shared storage (a hint carries no state, so a forged one changes nothing).
 */
export class InPageHost implements SessionBackend {
  readonly controlsPage = false;
  readonly #api: WorkerApi;
  readonly #host: SessionHost;

  constructor(options: InPageHostOptions) {
    // A fallback from the worker deserves a warning; a store the app chose ('memory', 'cookie') does not.
    if (options.persistence === undefined || options.persistence === 'indexeddb') {
      console.warn('[authworker] no service worker: the session runs in the page (weaker mode, tokens in page memory).');
    }
    const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;
    const pipeline = createPipeline({
      apiUrl: options.apiUrl,
      projectId: options.projectId,
      accessType: 'client',
      publishableClientKey: options.publishableClientKey,
      isOnline,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    // A hint from another tab: this host re-reads storage and tells its own tab (no hint back).
    const broadcaster = new SessionHintChannel(options.channelName ?? inPageChannelName(options), () => void host.syncFromStore({ broadcast: false }));
    const cookies = options.persistence === 'cookie' ? new CookieVault(options.projectId) : null;
    const initial = options.initialTokens ? initialSessionOf(options.initialTokens, options.projectId) : null;
    const vault = cookies ?? (options.persistence === 'memory' ? new MemoryVault(initial) : new IndexedDbVault(options));
    const host = new SessionHost({
      vault,
      broadcaster,
      timeoutMs: 15_000,
      refreshAccessToken: (refreshToken) => requestRefreshGrant(options, refreshToken),
    });
    const signOut = new SignOutService(host, pipeline, vault);
    this.#api = createWorkerApi({
      options: { exposeAccessToken: true },
      host,
      pipeline,
      signOut,
      tokenEndpoint: options,
      oauthLinks: new OAuthLinkGate({ apiUrl: options.apiUrl, trampolineBase: null }),
      inflight: new InflightGets(),
      offlineCache: new OfflineReadCache(),
    });

    this.#host = host;
    if (typeof addEventListener === 'function') addEventListener('online', () => void signOut.flush());
    if (cookies) {
      // Cookies have no change event: re-read them every 100 ms, as the official client does, so
      // tabs (and that client) agree even without BroadcastChannel.
      let seen = cookies.read().refreshToken;
      setInterval(() => {
        const now = cookies.read().refreshToken;
        if (now !== seen) {
          seen = now;
          void host.syncFromStore();
        }
      }, COOKIE_POLL_MS);
    }
  }

  watchSession(listener: (snapshot: SessionSnapshot) => void): void {
    this.#host.subscribe(listener);
  }

  async call<M extends WorkerMethod>(method: M, ...args: Parameters<WorkerApi[M]>): Promise<WorkerValue<M>> {
    const invoke = this.#api[method] as (...a: Parameters<WorkerApi[M]>) => ReturnType<WorkerApi[M]>;
    const result = (await invoke(...args)) as Awaited<ReturnType<WorkerApi[M]>>;
    if (!result.ok) throw await rebuildBridgeError(result.error);
    return result.value as WorkerValue<M>;
  }
}

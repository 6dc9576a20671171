// The session host, assembled once for both of its homes: the service worker (sw/install.ts) and, without
// one, the page itself (runtime/client/backend/in-page-host.ts). One set of defaults; what only a home can give (how
// it reaches the tabs, its fetch, the account-linking trampoline) is passed in.
import type { WorkerApi } from '../bridge/messages.ts';
import { projectsCurrent, usersMe } from '../protocol/contract/api.generated.ts';
import { endpointRequest } from '../protocol/endpoint-request.ts';
import { createPipeline, type Pipeline } from '../http/pipeline.ts';
import { requestRefreshGrant, type RefreshGrantConfig } from '../session/refresh-grant.ts';
import { createWorkerApi } from './api.ts';
import type { SessionPublisher } from './broadcast.ts';
import { InflightGets } from './coalesce.ts';
import { MagicLinkNonces } from './magic-link-nonce.ts';
import { OAuthLinkGate } from './oauth-link.ts';
import { forwardApiRequest, type ForwardDeps } from './forward.ts';
import { OfflineReadCache } from './offline-read-cache.ts';
import { refreshRetry } from './refresh-retry.ts';
import { SealedStore } from './sealed-store.ts';
import { SessionHost } from './session-host.ts';
import { sessionTakeover } from './session-takeover.ts';
import { SignOutService } from './sign-out.ts';
import { UserFeed } from './user-feed.ts';
import { withTimeout } from './timeout.ts';
import { IndexedDbVault, MemoryVault, type StoredSession, type TokenVault } from './vault.ts';

/** The most one attempt of a read waits for the API's answer before it is tried again (a hung connection). */
const ATTEMPT_LIMIT_MS = 10_000;
/** The most the worker's install waits for the project's configuration. */
const PROJECT_AT_INSTALL_LIMIT_MS = 4_000;

/**
 * Where the session and the host's other records (magic-link nonce, offline answers) are kept: sealed in
 * IndexedDB, or in memory only.
 */
export type SessionPersistence = 'indexeddb' | 'memory';

/** The defaults of every session host, the worker's and the page's. */
export const SESSION_HOST_DEFAULTS = {
  persistence: 'indexeddb',
  exposeAccessToken: false,
  /** Upper bound for every await (storage, network); a refresh gets four times as long. */
  awaitTimeoutMs: 15_000,
} as const satisfies { persistence: SessionPersistence; exposeAccessToken: boolean; awaitTimeoutMs: number };

export interface SessionHostOptions {
  /** Base URL of the API, without `/api/v1` and without a trailing slash. */
  apiUrl: string;
  projectId: string;
  publishableClientKey: string;
  persistence?: SessionPersistence;
  /** Lets pages call `getAccessToken()`. */
  exposeAccessToken?: boolean;
  awaitTimeoutMs?: number;
  /**
   * How the snapshots reach the tabs: a worker posts them to its clients (sw/client-broadcast.ts), a page
   * hints to the other tabs' hosts (broadcast.ts).
   */
  publish: SessionPublisher & { close?(): void };
  fetch?: typeof fetch;
  /** Whether the browser says it is online (default: `navigator.onLine`). */
  isOnline?: () => boolean;
  /** A vault of the caller's own for the session, instead of the one `persistence` names (the page's cookie store, tests). */
  vault?: TokenVault;
  /** Memory persistence: the session to start with (a token-object or request token store). */
  initialSession?: StoredSession | null;
  /** The host's clock (default `Date.now`); the devtools skew it. */
  now?: () => number;
  /** Absolute URL prefix of the worker's account-linking trampoline; null (the page) appends the token itself. */
  oauthLinkTrampolineBase?: string | null;
}

/** A session host and the services around it: what its two homes, the worker and the page, adapt. */
export interface SessionHostServices {
  /** The one session: memory first, storage, snapshots. */
  readonly host: SessionHost;
  /** What pages call: every argument schema-checked. */
  readonly api: WorkerApi;
  readonly pipeline: Pipeline;
  /** Where the session is kept (read by the devtools for the queued sign-outs). */
  readonly vault: TokenVault;
  readonly signOut: SignOutService;
  readonly oauthLinks: OAuthLinkGate;
  /** What a page's API request is forwarded with (the worker's request router). */
  readonly forward: ForwardDeps;
  /** Fetches the project's configuration and keeps it for offline use (the worker's first run). Never rejects; settles within 4 s. */
  rememberProject(): Promise<void>;
  /** How every tab hears that the signed-in user changed. */
  readonly userFeed: UserFeed;
  /** Closes the publisher's channel. */
  close(): void;
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * The session host with its services, from one set of defaults: the worker (`installAuthWorker`) and the page's
 * in-page fallback both make theirs here, so both homes hold the refresh token the same way.
 *
 * @example
 * ```ts worker
 * import { createSessionHost } from './create-session-host.ts';
 * import { WorkerClientsBroadcaster } from '../../sw/client-broadcast.ts';
 * import { broadcastChannelName } from '../bridge/messages.ts';
 * declare const self: ServiceWorkerGlobalScope;
 * const projectId = 'dfa45225-c0f9-490d-98d7-d2c978934c58';
 * const services = createSessionHost({
 *   apiUrl: 'http://localhost:8102',
 *   projectId,
 *   publishableClientKey: 'pck_pmy7skfgdxsnw8q561n2qjdyqtkz0cm2d26eqbg01z9pf',
 *   publish: new WorkerClientsBroadcaster(self.clients, broadcastChannelName(projectId)),
 * });
 * const snapshot = await services.api.getSnapshot(); // what a page's call gets: status, user id, network
 * services.close();
 * ```
 */
export function createSessionHost(options: SessionHostOptions): SessionHostServices {
  const persistence = options.persistence ?? SESSION_HOST_DEFAULTS.persistence;
  const timeoutMs = options.awaitTimeoutMs ?? SESSION_HOST_DEFAULTS.awaitTimeoutMs;
  const isOnline = options.isOnline ?? browserOnline;
  const project = { apiUrl: options.apiUrl, projectId: options.projectId, publishableClientKey: options.publishableClientKey };
  const fetchOption = options.fetch ? { fetch: options.fetch } : {};
  const pipeline = createPipeline({ ...project, accessType: 'client', isOnline, attemptTimeoutMs: ATTEMPT_LIMIT_MS, ...fetchOption });
  const tokenEndpoint: RefreshGrantConfig = { ...project, ...fetchOption, retry: refreshRetry(isOnline) };

  const vault = options.vault ?? (persistence === 'memory' ? new MemoryVault(options.initialSession ?? null) : new IndexedDbVault(project));
  // The magic-link nonce and the offline answers outlive the host beside the session, sealed under the vault's key.
  const sealed = persistence === 'memory' ? null : vault instanceof IndexedDbVault ? vault.sealed : new SealedStore(project);
  const kept = { sealed, timeoutMs };

  const refreshAccessToken = (refreshToken: string) => withTimeout(requestRefreshGrant(tokenEndpoint, refreshToken), timeoutMs * 4, 'refreshing the access token');
  const host = new SessionHost({ vault, broadcaster: options.publish, timeoutMs, refreshAccessToken, ...(options.now ? { now: options.now } : {}) });
  const signOut = new SignOutService(host, pipeline, vault, timeoutMs);
  const forward: ForwardDeps = {
    host,
    pipeline,
    inflight: new InflightGets(),
    offlineCache: new OfflineReadCache({ ...kept, onUserAnswer: (userId, body) => userFeed.seen(userId, body) }),
  };
  // The host's own check of the user goes as a page's GET goes: shared with one in flight, kept for offline use.
  const userFeed = new UserFeed({
    host,
    publisher: options.publish,
    fetchUser: async () => {
      const response = await forwardApiRequest(forward, { ...endpointRequest(usersMe), headers: {}, body: null, withSession: true });
      return response.ok ? response.text() : null;
    },
  });
  const oauthLinks = new OAuthLinkGate({ apiUrl: options.apiUrl, trampolineBase: options.oauthLinkTrampolineBase ?? null });
  const api = createWorkerApi({
    ...forward,
    options: { exposeAccessToken: options.exposeAccessToken ?? SESSION_HOST_DEFAULTS.exposeAccessToken },
    signOut,
    tokenEndpoint,
    oauthLinks,
    userFeed,
    magicLinkNonces: new MagicLinkNonces(kept),
    // Its mark is no credential: kept in IndexedDB in memory persistence too, so a cookie planted later is never adopted.
    takeOver: sessionTakeover({ host, refreshAccessToken, timeoutMs, sealed: sealed ?? new SealedStore(project) }),
    isOnline,
  });

  return {
    host,
    api,
    pipeline,
    vault,
    signOut,
    oauthLinks,
    forward,
    // Bounded: with the API down its retries take ~20 s, and the page's first call waits for the installed worker. The
    // read goes on past the bound; a page's read of the project joins it (coalesced) and it is kept when it succeeds.
    rememberProject: () =>
      withTimeout(
        forwardApiRequest(forward, { ...endpointRequest(projectsCurrent), headers: {}, body: null, withSession: false }).then((response) => void response.body?.cancel()),
        PROJECT_AT_INSTALL_LIMIT_MS,
        'project read',
      ).catch(() => undefined),
    userFeed,
    close: () => options.publish.close?.(),
  };
}

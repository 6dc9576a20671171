import { expose } from 'comlink';
import { CONNECT_MESSAGE_TYPE, WORKER_API_METHODS, broadcastChannelName } from '../runtime/bridge/messages.ts';
import { connectMessageSchema } from '../runtime/bridge/schemas.ts';
import { createPipeline, type Pipeline } from '../runtime/http/pipeline.ts';
import { requestRefreshGrant } from '../runtime/session/refresh-grant.ts';
import { createWorkerApi } from '../runtime/host/api.ts';
import { OAUTH_LINK_TRAMPOLINE_PATH, OAuthLinkGate } from '../runtime/host/oauth-link.ts';
import { InflightGets } from '../runtime/host/coalesce.ts';
import { MagicLinkNonces } from '../runtime/host/magic-link-nonce.ts';
import { OfflineReadCache } from '../runtime/host/offline-read-cache.ts';
import { refreshRetry } from '../runtime/host/refresh-retry.ts';
import { SealedStore } from '../runtime/host/sealed-store.ts';
import { WorkerClientsBroadcaster } from './client-broadcast.ts';
import { guardedEndpoint } from './comlink-guard.ts';
import { authWorkerOptionsSchema, type AuthWorkerOptions, type ResolvedAuthWorkerOptions } from './options.ts';
import { createFetchListener } from './router.ts';
import { SessionHost } from '../runtime/host/session-host.ts';
import { SignOutService } from '../runtime/host/sign-out.ts';
import { withTimeout } from '../runtime/host/timeout.ts';
import { IndexedDbVault, MemoryVault, type TokenVault } from '../runtime/host/vault.ts';

export interface AuthWorker {
  readonly options: ResolvedAuthWorkerOptions;
  readonly host: SessionHost;
  readonly pipeline: Pipeline;
  /** Removes every listener this call added. */
  uninstall(): void;
}

export interface InstallAuthWorkerOverrides {
  vault?: TokenVault;
  fetch?: typeof fetch;
  /** Set false when the app's own worker already calls skipWaiting()/clients.claim(). */
  takeControl?: boolean;
}

/**
 * Adds authworker to a service worker: session custody, header injection for the API, and the
 * page bridge. It owns no global state: all of it lives in the returned object.
 */
export function installAuthWorker(
  scope: ServiceWorkerGlobalScope,
  rawOptions: AuthWorkerOptions,
  overrides: InstallAuthWorkerOverrides = {},
): AuthWorker {
  const options = authWorkerOptionsSchema.parse(rawOptions);
  const fetchImpl = overrides.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => scope.fetch(input, init));
  const isOnline = () => scope.navigator.onLine !== false;
  const pipeline = createPipeline({
    apiUrl: options.apiUrl,
    projectId: options.projectId,
    accessType: 'client',
    publishableClientKey: options.publishableClientKey,
    fetch: fetchImpl,
    isOnline,
  });
  const vault =
    overrides.vault ?? (options.persistence === 'memory' ? new MemoryVault() : new IndexedDbVault(options));
  const broadcaster = new WorkerClientsBroadcaster(scope.clients, broadcastChannelName(options.projectId));
  const tokenEndpoint = {
    apiUrl: options.apiUrl,
    projectId: options.projectId,
    publishableClientKey: options.publishableClientKey,
    fetch: fetchImpl,
    retry: refreshRetry(isOnline),
  };
  const host = new SessionHost({
    vault,
    broadcaster,
    timeoutMs: options.awaitTimeoutMs,
    refreshAccessToken: (refreshToken) =>
      withTimeout(
        requestRefreshGrant(tokenEndpoint, refreshToken),
        options.awaitTimeoutMs * 4,
        'refreshing the access token',
      ),
  });
  const signOut = new SignOutService(host, pipeline, vault, options.awaitTimeoutMs);
  // The magic-link nonce and the offline answers outlive the worker beside the session, under the
  // vault's key; `persistence: 'memory'` keeps them in memory too.
  const sealed = options.persistence === 'memory' ? null : vault instanceof IndexedDbVault ? vault.sealed : new SealedStore(options);
  const kept = { sealed, timeoutMs: options.awaitTimeoutMs };
  const magicLinkNonces = new MagicLinkNonces(kept);
  const forward = { host, pipeline, inflight: new InflightGets(), offlineCache: new OfflineReadCache(kept) };
  const oauthLinks = new OAuthLinkGate({ apiUrl: options.apiUrl, trampolineBase: new URL(OAUTH_LINK_TRAMPOLINE_PATH, (scope.registration as ServiceWorkerRegistration | undefined)?.scope ?? `${scope.location.origin}/`).href });
  const api = createWorkerApi({ options, signOut, tokenEndpoint, oauthLinks, magicLinkNonces, ...forward });
  const onFetch = createFetchListener({ options, signOut, oauthLinks, workerOrigin: scope.location.origin, fetch: fetchImpl, ...forward });
  const onMessage = (event: ExtendableMessageEvent) => {
    const message = connectMessageSchema.safeParse(event.data);
    const port = event.ports[0];
    if (!message.success || !port) return;
    expose(api, guardedEndpoint(port, WORKER_API_METHODS));
    port.start();
    // Queued revokes go out whenever a page is around again.
    event.waitUntil(signOut.flush().catch(() => undefined));
  };
  const onInstall = (event: ExtendableEvent) => {
    if (overrides.takeControl !== false) event.waitUntil(scope.skipWaiting());
  };
  const onActivate = (event: ExtendableEvent) => {
    if (overrides.takeControl !== false) event.waitUntil(scope.clients.claim());
  };

  scope.addEventListener('fetch', onFetch);
  scope.addEventListener('message', onMessage);
  scope.addEventListener('install', onInstall);
  scope.addEventListener('activate', onActivate);

  return {
    options,
    host,
    pipeline,
    uninstall() {
      scope.removeEventListener('fetch', onFetch);
      scope.removeEventListener('message', onMessage);
      scope.removeEventListener('install', onInstall);
      scope.removeEventListener('activate', onActivate);
      broadcaster.close();
    },
  };
}

export { CONNECT_MESSAGE_TYPE };

import { expose } from 'comlink';
import { CONNECT_MESSAGE_TYPE, WORKER_API_METHODS, broadcastChannelName } from '../runtime/bridge/messages.ts';
import { connectMessageSchema } from '../runtime/bridge/schemas.ts';
import type { Pipeline } from '../runtime/http/pipeline.ts';
import { createSessionHost } from '../runtime/host/create-session-host.ts';
import { OAUTH_LINK_TRAMPOLINE_PATH } from '../runtime/host/oauth-link.ts';
import { createRequestRouter } from '../runtime/host/request-router.ts';
import type { SessionHost } from '../runtime/host/session-host.ts';
import type { TokenVault } from '../runtime/host/vault.ts';
import { WorkerClientsBroadcaster } from './client-broadcast.ts';
import { guardedEndpoint } from './comlink-guard.ts';
import { resolveAuthWorkerOptions, type AuthWorkerOptions, type ResolvedAuthWorkerOptions } from './options.ts';

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
 * Adds authworker to a service worker: the session host (runtime/host), and listeners that turn the worker's
 * events into its calls. It owns no global state: all of it lives in the returned object. The API URL, project
 * id and publishable client key it leaves out come from the worker's script URL (StackClientApp's registration).
 */
export function installAuthWorker(
  scope: ServiceWorkerGlobalScope,
  rawOptions: AuthWorkerOptions = {},
  overrides: InstallAuthWorkerOverrides = {},
): AuthWorker {
  const options = resolveAuthWorkerOptions(rawOptions, scope.location.href);
  const fetchImpl = overrides.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => scope.fetch(input, init));
  const registrationScope = (scope.registration as ServiceWorkerRegistration | undefined)?.scope ?? `${scope.location.origin}/`;
  const services = createSessionHost({
    ...options,
    fetch: fetchImpl,
    isOnline: () => scope.navigator.onLine !== false,
    // Events go to each window client, a content-free hint on the channel for page-hosted tabs.
    publish: new WorkerClientsBroadcaster(scope.clients, broadcastChannelName(options.projectId)),
    ...(overrides.vault ? { vault: overrides.vault } : {}),
    oauthLinkTrampolineBase: new URL(OAUTH_LINK_TRAMPOLINE_PATH, registrationScope).href,
  });
  const route = createRequestRouter(services, { apiUrl: options.apiUrl, ownOrigin: scope.location.origin, forwardAuthTo: options.forwardAuthTo, fetch: fetchImpl });

  const onFetch = (event: FetchEvent) => {
    const answer = route(event.request);
    if (!answer) return;
    event.respondWith(answer);
    // Listeners added after ours (a Workbox navigation route, the plugin's precache) must not answer it again.
    event.stopImmediatePropagation();
  };
  // A page's call: a connect message carrying the port it calls on (one port per call, see WorkerConnection).
  const onMessage = (event: ExtendableMessageEvent) => {
    const message = connectMessageSchema.safeParse(event.data);
    const port = event.ports[0];
    if (!message.success || !port) return;
    expose(services.api, guardedEndpoint(port, WORKER_API_METHODS));
    port.start();
    // Queued revokes go out whenever a page is around again.
    event.waitUntil(services.signOut.flush().catch(() => undefined));
  };
  const onInstall = (event: ExtendableEvent) => {
    if (overrides.takeControl !== false) event.waitUntil(scope.skipWaiting());
    // Handler pages need the project's configuration: kept from the first run, they render offline at once.
    event.waitUntil(services.rememberProject());
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
    host: services.host,
    pipeline: services.pipeline,
    uninstall() {
      scope.removeEventListener('fetch', onFetch);
      scope.removeEventListener('message', onMessage);
      scope.removeEventListener('install', onInstall);
      scope.removeEventListener('activate', onActivate);
      services.close();
    },
  };
}

export { CONNECT_MESSAGE_TYPE };

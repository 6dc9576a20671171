import { expose } from 'comlink';
import { WORKER_API_METHODS, broadcastChannelName } from '../runtime/bridge/messages.ts';
import { connectMessageSchema } from '../runtime/bridge/schemas.ts';
import type { Pipeline } from '../runtime/http/pipeline.ts';
import { createSessionHost, type SessionHostServices } from '../runtime/host/create-session-host.ts';
import { OAUTH_LINK_TRAMPOLINE_PATH } from '../runtime/host/oauth-link.ts';
import { createRequestRouter } from '../runtime/host/request-router.ts';
import type { SessionHost } from '../runtime/host/session-host.ts';
import type { TokenVault } from '../runtime/host/vault.ts';
import { WorkerClientsBroadcaster } from './client-broadcast.ts';
import { guardedEndpoint } from './comlink-guard.ts';
import { authWorkerDevtools } from './devtools/worker-devtools.ts';
import { resolveAuthWorkerOptions, type AuthWorkerOptions, type ResolvedAuthWorkerOptions } from './options.ts';
import { composePlugins, type AuthWorkerPluginFactory } from './plugin.ts';

// Set by the bundler (the Vite plugin: true in development builds, false in production ones); undefined means off.
declare const __AUTHWORKER_DEVTOOLS__: boolean | undefined;

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
  /** Plugins of the caller's own (./plugin.ts), after the devtools; only in a build that carries plugins (as the devtools). */
  plugins?: readonly AuthWorkerPluginFactory[];
}

/**
 * Adds authworker to a service worker: the session host (runtime/host), and listeners that turn the worker's
 * events into its calls. It owns no global state: all of it lives in the returned object. The API URL, project
 * id and publishable client key it leaves out come from the worker's script URL (StackClientApp's registration).
 *
 * @example
 * ```ts worker
 * import { installAuthWorker } from 'authworker/sw';
 * declare const self: ServiceWorkerGlobalScope;
 * installAuthWorker(self, {
 *   apiUrl: 'http://localhost:8102',
 *   projectId: 'dfa45225-c0f9-490d-98d7-d2c978934c58',
 *   publishableClientKey: 'pck_pmy7skfgdxsnw8q561n2qjdyqtkz0cm2d26eqbg01z9pf',
 * });
 * ```
 */
export function installAuthWorker(
  scope: ServiceWorkerGlobalScope,
  rawOptions: AuthWorkerOptions = {},
  overrides: InstallAuthWorkerOverrides = {},
): AuthWorker {
  const options = resolveAuthWorkerOptions(rawOptions, scope.location.href);
  // Plugins (the devtools first) come with a development build: a production build drops this code, so no page can
  // turn them on and the worker carries none of their bytes.
  const inBuild = typeof __AUTHWORKER_DEVTOOLS__ === 'boolean' && __AUTHWORKER_DEVTOOLS__;
  const plugin = inBuild ? composePlugins([...(options.devtools === false ? [] : [authWorkerDevtools]), ...(overrides.plugins ?? [])].map((make) => make({ scope, options, restart }))) : null;
  const networkFetch = overrides.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => scope.fetch(input, init));
  const fetchImpl = plugin ? plugin.wrapFetch(networkFetch) : networkFetch;
  const registrationScope = (scope.registration as ServiceWorkerRegistration | undefined)?.scope ?? `${scope.location.origin}/`;
  const build = () =>
    createSessionHost({
      ...options,
      fetch: fetchImpl,
      isOnline: plugin ? () => scope.navigator.onLine !== false && plugin.isOnline() : () => scope.navigator.onLine !== false,
      // Events go to each window client, a content-free hint on the channel for page-hosted tabs.
      publish: new WorkerClientsBroadcaster(scope.clients, broadcastChannelName(options.projectId)),
      ...(overrides.vault ? { vault: overrides.vault } : {}),
      ...(plugin ? { now: plugin.now } : {}),
      oauthLinkTrampolineBase: new URL(OAUTH_LINK_TRAMPOLINE_PATH, registrationScope).href,
    });
  const router = (services: SessionHostServices) =>
    createRequestRouter(services, { apiUrl: options.apiUrl, ownOrigin: scope.location.origin, forwardAuthTo: options.forwardAuthTo, fetch: fetchImpl });
  let services = build();
  let route = router(services);
  plugin?.attach(services);
  // A plugin's restart (the devtools'): memory is dropped and the session read from storage again.
  function restart(): void {
    services.close();
    services = build();
    route = router(services);
    plugin?.attach(services);
  }

  const onFetch = (event: FetchEvent) => {
    const answer = route(event.request);
    plugin?.onFetch(event, answer);
    if (!answer) return;
    event.respondWith(answer);
    // Listeners added after ours (a Workbox navigation route, the plugin's precache) must not answer it again.
    event.stopImmediatePropagation();
  };
  // A page's call: a connect message carrying the port it calls on (one port per call, see WorkerConnection).
  const onMessage = (event: ExtendableMessageEvent) => {
    if (plugin?.onMessage(event)) return;
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
    get host() {
      return services.host;
    },
    get pipeline() {
      return services.pipeline;
    },
    uninstall() {
      scope.removeEventListener('fetch', onFetch);
      scope.removeEventListener('message', onMessage);
      scope.removeEventListener('install', onInstall);
      scope.removeEventListener('activate', onActivate);
      services.close();
    },
  };
}

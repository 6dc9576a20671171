// What a worker plugin is: code that composes into installAuthWorker's worker the way Workbox plugins compose into
// a route, without the worker knowing what it is. The devtools (./devtools/) are one; the worker adds them in a build
// that carries them, and a test adds its own through InstallAuthWorkerOverrides.
import type { SessionHostServices } from '../runtime/host/create-session-host.ts';
import type { ResolvedAuthWorkerOptions } from './options.ts';

/** What a plugin gets from the worker it is added to. */
export interface AuthWorkerPluginHost {
  readonly scope: ServiceWorkerGlobalScope;
  readonly options: ResolvedAuthWorkerOptions;
  /** Drops the session host's memory and builds it again from storage, as a worker the browser stopped and started. */
  restart(): void;
}

/** Hooks a plugin may give; each is optional, and the worker calls them in the order the plugins were added. */
export interface AuthWorkerPlugin {
  /** Wraps the worker's network: every request the session host and the forwarded page requests send. */
  wrapFetch?(inner: typeof fetch): typeof fetch;
  /** False while the plugin holds the worker offline. */
  isOnline?(): boolean;
  /** The session host's clock, instead of `Date.now`. */
  now?(): number;
  /** Each session host the worker builds: at install and after every restart. */
  attach?(services: SessionHostServices): void;
  /** A page's request reached the fetch handler; `answer` is the worker's, or null when the network answers it. */
  onFetch?(event: FetchEvent, answer: Promise<Response> | null): void;
  /** True when the plugin took the message: the worker's own handler then leaves it. */
  onMessage?(event: ExtendableMessageEvent): boolean;
}

/** Makes a plugin for one worker. */
export type AuthWorkerPluginFactory = (worker: AuthWorkerPluginHost) => AuthWorkerPlugin;

/** The plugins of one worker as one: each hook calls every plugin's, in the order they were added. */
export function composePlugins(plugins: readonly AuthWorkerPlugin[]): Required<AuthWorkerPlugin> {
  const clock = plugins.find((plugin) => plugin.now !== undefined);
  return {
    wrapFetch: (inner) => plugins.reduce<typeof fetch>((wrapped, plugin) => plugin.wrapFetch?.(wrapped) ?? wrapped, inner),
    isOnline: () => plugins.every((plugin) => plugin.isOnline?.() !== false),
    now: () => clock?.now?.() ?? Date.now(),
    attach: (services) => plugins.forEach((plugin) => plugin.attach?.(services)),
    onFetch: (event, answer) => plugins.forEach((plugin) => plugin.onFetch?.(event, answer)),
    onMessage: (event) => plugins.some((plugin) => plugin.onMessage?.(event) === true),
  };
}

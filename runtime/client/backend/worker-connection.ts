// Comlink is imported statically: a page's first call (the user, at start-up) would otherwise wait one more
// round trip for its chunk, which on a 150 ms network is most of the render (bench row 2, issue 23).
import { releaseProxy, wrap } from 'comlink';
import {
  BRIDGE_PROTOCOL_VERSION,
  CONNECT_MESSAGE_TYPE,
  type BridgeResult,
  type ConnectMessage,
  type HostEvent,
  readSessionEvent,
  type SessionBackend,
  type WorkerApi,
  type WorkerMethod,
  type WorkerValue,
} from '../../bridge/messages.ts';

export interface WorkerConnectionOptions {
  url: string;
  scope?: string;
  /** Upper bound for finding the worker (a cold start or first install included), and again for its answer. */
  callTimeoutMs: number;
  /**
   * Asked after the worker's first answer: settles once the page's first render is done (the app's first user
   * answer). A worker that already controls the page has its registration looked at only after both.
   */
  startupSettled?: () => Promise<unknown>;
}

/** The update check of a controlling worker happens by then even when the start-up never settles. */
const REGISTRATION_DEFERRAL_LIMIT_MS = 5_000;

export class WorkerUnavailableError extends Error {
  override name = 'WorkerUnavailableError';
}

/**
 * Talks to the auth worker with Comlink (`wrap` here, `expose` in the worker). Each call opens its own
 * MessageChannel: a port of a stopped or replaced worker would hang, a fresh one wakes the current worker
 * instead.
 */
export class WorkerConnection implements SessionBackend {
  readonly #options: WorkerConnectionOptions;

  /** Resolves to the registration, or undefined when the browser refused or blocked it. */
  readonly registered: Promise<ServiceWorkerRegistration | undefined>;

  #onEvent?: (event: HostEvent) => void;
  /** Settles the first answer's promise (the registration of a controlling worker waits for it). */
  #firstAnswer?: () => void;

  constructor(options: WorkerConnectionOptions) {
    this.#options = options;
    // Heard from the start: the worker may post before the registration (after the load event) resolves.
    const container = (globalThis.navigator as Partial<Navigator> | undefined)?.serviceWorker;
    container?.addEventListener('message', (event) => {
      const { source } = event;
      // Only the browser delivers a trusted event, and only our worker script is a source we accept.
      if (!event.isTrusted || !(source instanceof ServiceWorker) || !this.#isOurs(source)) return;
      const data = event.data as { type?: unknown; change?: unknown } | null;
      const parsed: HostEvent | null = readSessionEvent(data) ?? (data?.type === 'user' ? { type: 'user', change: data.change } : null);
      if (parsed) this.#onEvent?.(parsed);
    });
    // No startMessages(): the browser opens the client's message queue itself once the document is parsed.
    const scope = options.scope ?? '/';
    const controlled = container?.controller && this.#isCurrent(container.controller);
    const firstAnswer = new Promise<void>((resolve) => (this.#firstAnswer = resolve));
    this.registered = (controlled ? this.#keepRegistration(scope, firstAnswer.then(options.startupSettled)) : registerAfterLoad(options.url, scope)).then(
      (registration) => {
        // Some environments (e.g. Playwright's serviceWorkers: 'block') resolve register() with nothing.
        if (!registration) console.warn('[authworker] service worker registration failed', 'register() gave no registration');
        return registration ?? undefined;
      },
      (error: unknown) => {
        console.warn('[authworker] service worker registration failed', error);
        return undefined;
      },
    );
  }

  /** True when this page's requests pass through our worker's fetch handler (registered with this app's settings). */
  get controlsPage(): boolean {
    const controller = navigator.serviceWorker.controller;
    return controller !== null && this.#isCurrent(controller);
  }

  /** One listener: the page's app. */
  watchSession(listener: (event: HostEvent) => void): void {
    this.#onEvent = listener;
  }

  #isOurs(worker: ServiceWorker): boolean {
    return new URL(worker.scriptURL).pathname === new URL(this.#options.url, location.href).pathname;
  }

  /** Our worker with this app's settings in its URL: one registered with other settings is about to be replaced. */
  #isCurrent(worker: ServiceWorker): boolean {
    return worker.scriptURL === new URL(this.#options.url, location.href).href;
  }

  async call<M extends WorkerMethod>(method: M, ...args: Parameters<WorkerApi[M]>): Promise<WorkerValue<M>> {
    const { port1, port2 } = new MessageChannel();
    const message: ConnectMessage = { type: CONNECT_MESSAGE_TYPE, protocol: BRIDGE_PROTOCOL_VERSION };
    const limit = this.#options.callTimeoutMs;
    try {
      // Two limits, not one: finding the worker (on a page outside its scope `navigator.serviceWorker.ready` never
      // settles; a first install may take seconds) must not eat the time the worker's own retries need.
      const target = await withinCallLimit(this.#target(), limit, method);
      target.postMessage(message, [port2]);
      const remote = wrap<WorkerApi>(port1);
      const answer = (remote[method] as (...a: Parameters<WorkerApi[M]>) => Promise<BridgeResult<WorkerValue<M>>>)(...args);
      // One call per port: the worker drops its end (and its listener) on the release.
      const result = await withinCallLimit(answer, limit, method).finally(() => remote[releaseProxy]());
      if (!result.ok) throw await (await import('./bridge-errors.ts')).rebuildBridgeError(result.error);
      return result.value;
    } finally {
      this.#firstAnswer?.();
      this.#firstAnswer = undefined;
      // Comlink never closes a released port itself (its release waits for an answer it does not listen for).
      port1.close();
    }
  }

  /**
   * On a page our worker already controls, after the start-up (its first answer, the app's first render, an idle
   * moment): the registration that has our worker active for `scope` is kept, since registering it again changes
   * nothing (the browser checks the worker for updates on navigations itself); only another one is replaced.
   */
  async #keepRegistration(scope: string, startup: Promise<unknown>): Promise<ServiceWorkerRegistration | undefined> {
    await withinLimit(startup);
    await whenIdle();
    const registration = await navigator.serviceWorker.getRegistration(scope).catch(() => undefined);
    const ours = registration?.scope === new URL(scope, location.href).href && registration.active && this.#isCurrent(registration.active);
    return ours ? registration : registerAfterLoad(this.#options.url, scope);
  }

  async #target(): Promise<ServiceWorker> {
    const controller = navigator.serviceWorker.controller;
    if (controller && this.controlsPage) return controller;
    if (!(await this.registered)) throw new WorkerUnavailableError('authworker: the service worker could not be registered');
    const registration = await navigator.serviceWorker.ready;
    // After a change of the app's settings the active worker is the old one until the new one has taken over.
    const next = [registration.active, registration.waiting, registration.installing].find((w) => w && this.#isCurrent(w));
    // A worker being installed is waited for with the registration code (already loaded: `registered` needed it).
    const worker = next && next !== registration.active && (await (await registrationCode()).activated(next)) ? next : registration.active;
    if (!worker) throw new WorkerUnavailableError('authworker: the service worker is not active');
    return worker;
  }
}

/**
 * Registers with workbox-window once the page has loaded, so neither the worker's download nor the
 * registration code (loaded then, off the start-up path, with its Trusted Types policy) competes with
 * the page's own requests.
 */
async function registerAfterLoad(url: string, scope: string): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof document !== 'undefined' && document.readyState !== 'complete') {
    await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
  }
  return (await registrationCode()).registerWorker(url, scope);
}

/** The registration code (workbox-window, the wait for a new worker's activation): a lazy chunk. */
const registrationCode = () => import('./worker-registration.ts');

/** The page's next idle period (at most 2 s away); the next task where requestIdleCallback is missing (Safari). */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2_000 });
    else setTimeout(resolve, 0);
  });
}

/** `work`, or a WorkerUnavailableError once `ms` have passed without its answer. */
async function withinCallLimit<T>(work: Promise<T>, ms: number, method: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new WorkerUnavailableError(`authworker: the service worker did not answer ${method} within ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function withinLimit(settled: Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, REGISTRATION_DEFERRAL_LIMIT_MS)));
  return Promise.race([settled.then(() => undefined, () => undefined), limit]).finally(() => clearTimeout(timer));
}

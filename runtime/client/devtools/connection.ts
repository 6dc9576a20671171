// The page's end of the devtools (issue 34): one port to the worker that controls this page, the state and the
// lists it reports (each report checked against its schema), and the fault controls as plain async calls.
// Loaded lazily, with the panel: an app that never mounts the devtools downloads none of this.
import {
  DEVTOOLS_LOG_CAP,
  DEVTOOLS_MESSAGE_TYPE,
  devtoolsReplySchema,
  devtoolsReportSchema,
  type DevtoolsState,
  type EventRecord,
  type FaultCommand,
  type FaultKind,
  type RequestRecord,
} from '../../bridge/devtools-schemas.ts';

/** What the panel shows: the worker's state (null until it answers, or without a worker) and its lists, newest first. */
export interface DevtoolsView {
  /** Why there is no worker state: no worker controls the page, or it does not answer devtools messages. */
  unavailable: string | null;
  state: DevtoolsState | null;
  /** `Date.now()` when `state` arrived: countdowns run from it. */
  stateAt: number;
  requests: readonly RequestRecord[];
  events: readonly EventRecord[];
}

/** The fault controls, callable from code (tests, the console) as from the panel. Each resolves once the worker applied it. */
export interface AuthDevtoolsControls {
  /** The worker treats its access token as expired: the next request refreshes. */
  expireAccessToken(): Promise<void>;
  /** The worker answers as if offline for `seconds`. */
  dropNetwork(seconds: number): Promise<void>;
  /** The next `count` API requests the worker sends get a 429 (Retry-After: 1), a 500 or a network error. */
  failNextRequests(count: number, kind: FaultKind): Promise<void>;
  /** The worker drops its memory and reads the session from storage, as after the browser stopped it. */
  restartWorker(): Promise<void>;
  /** The session is revoked on the server; the worker finds out at its next refresh and signs every tab out. */
  revokeSession(): Promise<void>;
  /** The worker's clock runs `ms` ahead (negative: behind) of the real one. */
  skewClock(ms: number): Promise<void>;
  /** The current view, and every change of it. */
  readonly view: DevtoolsView;
  subscribe(listener: (view: DevtoolsView) => void): () => void;
  /** Asks the worker for its state again (the tabs' list and the countdowns). */
  refresh(): void;
  close(): void;
}

const REPLY_TIMEOUT_MS = 10_000;
/** A worker that carries the devtools answers `connect` at once; past this, the panel says why it is silent. */
const CONNECT_SILENCE_MS = 3_000;
const NO_WORKER = 'No service worker controls this page yet (its first load, a hard reload, or page-hosted mode): reload it once the worker is active.';
const NOT_ANSWERING =
  'The worker was built without the devtools: serve it from the Vite dev server with serviceWorkerPlugin (or give the plugin devtools: true), and do not install it with devtools: false.';

export function connectAuthDevtools(container: ServiceWorkerContainer | null = typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : null): AuthDevtoolsControls {
  let view: DevtoolsView = { unavailable: null, state: null, stateAt: 0, requests: [], events: [] };
  const listeners = new Set<(view: DevtoolsView) => void>();
  let port: MessagePort | null = null;
  let silence: ReturnType<typeof setTimeout> | undefined;

  const update = (change: Partial<DevtoolsView>) => {
    view = { ...view, ...change };
    for (const listener of listeners) listener(view);
  };
  const post = (message: Record<string, unknown>, transfer: MessagePort): boolean => {
    const worker = container?.controller;
    if (!worker) return false;
    worker.postMessage({ type: DEVTOOLS_MESSAGE_TYPE, ...message }, [transfer]);
    return true;
  };
  const connect = () => {
    port?.close();
    const channel = new MessageChannel();
    port = channel.port1;
    port.onmessage = (event: MessageEvent) => {
      const parsed = devtoolsReportSchema.safeParse(event.data);
      if (!parsed.success) return;
      clearTimeout(silence);
      const report = parsed.data;
      if (report.report === 'state') update({ state: report.state, stateAt: Date.now(), unavailable: null });
      else if (report.report === 'request') update({ requests: upsert(view.requests, report.request) });
      else update({ events: upsert(view.events, report.event) });
    };
    view = { ...view, requests: [], events: [] };
    if (!post({ command: 'connect' }, channel.port2)) {
      update({ unavailable: NO_WORKER, state: null });
      return;
    }
    clearTimeout(silence);
    silence = setTimeout(() => update({ unavailable: NOT_ANSWERING }), CONNECT_SILENCE_MS);
  };
  // A new worker took over (an update): its lists start afresh.
  const onControllerChange = () => connect();
  container?.addEventListener('controllerchange', onControllerChange);
  connect();

  const command = (message: FaultCommand) =>
    new Promise<void>((resolve, reject) => {
      const channel = new MessageChannel();
      const timer = setTimeout(() => reject(new Error(`authworker devtools: the worker did not answer ${message.command}`)), REPLY_TIMEOUT_MS);
      channel.port1.onmessage = (event: MessageEvent) => {
        clearTimeout(timer);
        channel.port1.close();
        const reply = devtoolsReplySchema.safeParse(event.data);
        if (reply.success && reply.data.ok) resolve();
        else reject(new Error(reply.success && !reply.data.ok ? reply.data.message : 'authworker devtools: unreadable answer'));
      };
      const { type: _type, ...rest } = message;
      if (!post(rest, channel.port2)) {
        clearTimeout(timer);
        reject(new Error(NO_WORKER));
      }
    });
  const fault = <C extends FaultCommand['command']>(name: C, extra: Omit<Extract<FaultCommand, { command: C }>, 'type' | 'command'>) =>
    command({ type: DEVTOOLS_MESSAGE_TYPE, command: name, ...extra } as FaultCommand);

  return {
    expireAccessToken: () => fault('expire-access-token', {}),
    dropNetwork: (seconds) => fault('drop-network', { seconds }),
    failNextRequests: (count, kind) => fault('fail-next-requests', { count, kind }),
    restartWorker: () => fault('restart-worker', {}),
    revokeSession: () => fault('revoke-session', {}),
    skewClock: (ms) => fault('skew-clock', { ms }),
    get view() {
      return view;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh() {
      const channel = new MessageChannel();
      channel.port1.onmessage = port?.onmessage ?? null;
      post({ command: 'state' }, channel.port2);
      setTimeout(() => channel.port1.close(), REPLY_TIMEOUT_MS);
    },
    close() {
      clearTimeout(silence);
      container?.removeEventListener('controllerchange', onControllerChange);
      port?.close();
      listeners.clear();
    },
  };
}

/** Newest first, one row per id (a record is reported once, when it is complete), capped. */
function upsert<T extends { id: number }>(list: readonly T[], item: T): T[] {
  return [item, ...list.filter((existing) => existing.id !== item.id)].slice(0, DEVTOOLS_LOG_CAP);
}

// The worker side of the devtools (issue 34), a worker plugin (../plugin.ts): installAuthWorker adds it in a build
// that carries them (the Vite plugin's development builds) unless installed with `devtools: false`; without it, no
// devtools message is read. The panel connects with a port; the worker answers with its state and streams every
// request and event.
import {
  DEVTOOLS_MESSAGE_TYPE,
  devtoolsCommandSchema,
  withoutQueryValues,
  type DevtoolsCommand,
  type DevtoolsReply,
  type DevtoolsReport,
  type DevtoolsState,
} from '../../runtime/bridge/devtools-schemas.ts';
import type { SessionHostServices } from '../../runtime/host/create-session-host.ts';
import { ACCESS_TOKEN_MARGIN_MS } from '../../runtime/http/pipeline.ts';
import { CLIENT_VERSION } from '../../runtime/protocol/headers.ts';
import { sessionSignOut } from '../../runtime/protocol/contract/api.generated.ts';
import { endpointRequest } from '../../runtime/protocol/endpoint-request.ts';
import { accessTokenExpiresAt } from '../../runtime/session/jwt.ts';
import type { AuthWorkerPlugin, AuthWorkerPluginFactory } from '../plugin.ts';
import { FaultSwitches } from './faults.ts';
import { RequestLog } from './request-log.ts';

/** Panels connected at once; the oldest is dropped beyond it (a port closed by its page never says so). */
const MAX_PANELS = 8;

interface DevtoolsScope {
  readonly location: { href: string };
  readonly clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly unknown[]> };
}

interface WorkerDevtoolsOptions {
  apiUrl: string;
  persistence: 'indexeddb' | 'memory';
  /** Rebuilds the session host from storage, as a worker the browser stopped and started again. */
  restart: () => void;
}

/** The devtools as a plugin of one worker. */
export const authWorkerDevtools: AuthWorkerPluginFactory = ({ scope, options, restart }) =>
  new WorkerDevtools(scope, { apiUrl: options.apiUrl, persistence: options.persistence, restart });

class WorkerDevtools implements AuthWorkerPlugin {
  readonly faults: FaultSwitches;
  readonly log: RequestLog;
  readonly #scope: DevtoolsScope;
  readonly #options: WorkerDevtoolsOptions;
  readonly #panels: MessagePort[] = [];
  readonly #tabsSeen = new Map<string, number>();
  readonly #startedAt = Date.now();
  #restarts = 0;
  #services: SessionHostServices | null = null;
  #unsubscribe: () => void = () => undefined;
  #pushTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(scope: DevtoolsScope, options: WorkerDevtoolsOptions) {
    this.#scope = scope;
    this.#options = options;
    this.faults = new FaultSwitches(options.apiUrl);
    this.log = new RequestLog(options.apiUrl);
    this.log.subscribe((entry) => {
      this.#send(entry);
      this.#schedulePush();
    });
  }

  /** The worker's network: recorded, then faulted. */
  wrapFetch(inner: typeof fetch): typeof fetch {
    return this.log.wrap(this.faults.wrap(inner));
  }

  isOnline(): boolean {
    return !this.faults.networkDropped;
  }

  /** The worker's clock, skewed by the fault controls. */
  now(): number {
    return this.faults.now();
  }

  /** Follows a (re)built session host: its broadcasts go to the panel's event list. */
  attach(services: SessionHostServices): void {
    this.#unsubscribe();
    this.#services = services;
    this.#unsubscribe = services.host.subscribe((snapshot) => {
      this.log.event('session', `${snapshot.status}${snapshot.userId ? ` as ${snapshot.userId}` : ''}, network ${snapshot.network}`, { seq: snapshot.seq });
      void this.#pushState();
    });
  }

  /** A page's request reached the fetch handler. */
  onFetch(event: FetchEvent, answer: Promise<Response> | null): void {
    if (event.clientId) this.#tabsSeen.set(event.clientId, Date.now());
    if (answer) this.log.trackPageRequest(event.request, answer);
  }

  /** True when `event` was a devtools message (handled or refused); false leaves it to the worker's own handler. */
  onMessage(event: ExtendableMessageEvent): boolean {
    if ((event.data as { type?: unknown } | null)?.type !== DEVTOOLS_MESSAGE_TYPE) return false;
    const source = event.source as { id?: unknown } | null;
    if (typeof source?.id === 'string') this.#tabsSeen.set(source.id, Date.now());
    const parsed = devtoolsCommandSchema.safeParse(event.data);
    const port = event.ports[0];
    if (!port) return true;
    if (!parsed.success) {
      port.postMessage({ ok: false, message: 'authworker devtools: message refused' } satisfies DevtoolsReply);
      return true;
    }
    event.waitUntil(this.#run(parsed.data, port));
    return true;
  }

  async #run(command: DevtoolsCommand, port: MessagePort): Promise<void> {
    if (command.command === 'connect') {
      this.#panels.push(port);
      if (this.#panels.length > MAX_PANELS) this.#panels.shift()?.close();
      for (const request of this.log.requests) port.postMessage({ report: 'request', request } satisfies DevtoolsReport);
      for (const event of this.log.events) port.postMessage({ report: 'event', event } satisfies DevtoolsReport);
      port.postMessage({ report: 'state', state: await this.state() } satisfies DevtoolsReport);
      return;
    }
    if (command.command === 'state') {
      port.postMessage({ report: 'state', state: await this.state() } satisfies DevtoolsReport);
      return;
    }
    try {
      await this.#fault(command);
      this.log.event('fault', describeFault(command));
      port.postMessage({ ok: true } satisfies DevtoolsReply);
    } catch (error) {
      port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) } satisfies DevtoolsReply);
    }
    await this.#pushState();
  }

  async #fault(command: Exclude<DevtoolsCommand, { command: 'connect' | 'state' }>): Promise<void> {
    const services = this.#services;
    if (!services) throw new Error('authworker devtools: the worker has no session host yet');
    const { host } = services;
    switch (command.command) {
      case 'expire-access-token': {
        await host.ensureLoaded();
        const token = host.session?.accessToken;
        if (token) host.session?.markAccessTokenExpired(token);
        return;
      }
      case 'drop-network':
        this.faults.dropNetwork(command.seconds);
        // The network status comes back with the first answer after it.
        setTimeout(() => void this.#pushState(), command.seconds * 1000 + 50);
        return;
      case 'fail-next-requests':
        this.faults.failNext(command.count, command.kind);
        return;
      case 'skew-clock':
        this.faults.skewClock(command.ms);
        return;
      case 'restart-worker':
        this.#restarts++;
        this.#options.restart();
        await this.#services?.host.ensureLoaded();
        return;
      case 'revoke-session':
        return revokeOnServer(services);
    }
  }

  async state(): Promise<DevtoolsState> {
    const services = this.#services;
    const host = services?.host;
    await host?.ensureLoaded();
    const snapshot = host?.snapshot ?? { status: 'loading' as const, userId: null, network: 'online' as const, seq: 0 };
    const token = host?.session?.accessToken ?? null;
    const expiresAt = token === null ? null : accessTokenExpiresAt(token);
    const serverNow = this.faults.now() + (host?.clockOffsetMs ?? 0);
    const accessTokenExpiresInMs = expiresAt === null ? null : expiresAt - serverNow;
    const seen = this.log.seenUser;
    const windows = (await this.#scope.clients.matchAll({ type: 'window', includeUncontrolled: true })) as readonly WindowInfo[];
    return {
      session: {
        status: snapshot.status,
        userId: snapshot.userId,
        primaryEmail: seen && seen.id === snapshot.userId ? seen.primaryEmail : null,
        seq: snapshot.seq,
        network: snapshot.network,
        accessTokenExpiresInMs,
        clockOffsetMs: host?.clockOffsetMs ?? 0,
        lastRefresh: this.log.lastRefresh,
        nextRefreshInMs: accessTokenExpiresInMs === null ? null : Math.max(0, accessTokenExpiresInMs - ACCESS_TOKEN_MARGIN_MS),
      },
      worker: {
        scriptUrl: withoutQueryValues(this.#scope.location.href),
        version: CLIENT_VERSION,
        mode: 'worker',
        storage: this.#options.persistence,
        startedAt: this.#startedAt,
        restarts: this.#restarts,
        queuedSignOuts: services ? (await services.vault.loadPendingRevokes().catch(() => [])).length : 0,
        offlineCachedReads: services?.forward.offlineCache.size ?? 0,
        faults: this.faults.describe(),
      },
      tabs: windows.map((client) => ({
        id: String(client.id ?? ''),
        url: withoutQueryValues(String(client.url ?? '')),
        visibility: String(client.visibilityState ?? 'unknown'),
        focused: client.focused === true,
        lastMessageAt: this.#tabsSeen.get(String(client.id ?? '')) ?? null,
      })),
    };
  }

  // A burst of requests sends one state, not one each.
  #schedulePush(): void {
    if (this.#pushTimer !== null || this.#panels.length === 0) return;
    this.#pushTimer = setTimeout(() => {
      this.#pushTimer = null;
      void this.#pushState();
    }, 100);
  }

  async #pushState(): Promise<void> {
    if (this.#panels.length === 0) return;
    this.#send({ report: 'state', state: await this.state() });
  }

  #send(report: DevtoolsReport): void {
    for (const port of this.#panels) port.postMessage(report);
  }
}

interface WindowInfo {
  id?: unknown;
  url?: unknown;
  visibilityState?: unknown;
  focused?: unknown;
}

/**
 * Revokes the session on the server, as another device or an admin would, and lets the worker find out the way
 * it would on its own: the next refresh is refused, so every tab is signed out.
 */
async function revokeOnServer({ host, pipeline }: SessionHostServices): Promise<void> {
  await host.ensureLoaded();
  const session = host.session;
  if (!session) throw new Error('authworker devtools: no session to revoke');
  const response = await pipeline.send({ ...endpointRequest(sessionSignOut), session, sendRefreshToken: true });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`authworker devtools: the API refused the revoke (${response.status})`);
  const token = session.accessToken;
  if (token) session.markAccessTokenExpired(token);
  await session.getTokens().catch(() => null);
}

function describeFault(command: Exclude<DevtoolsCommand, { command: 'connect' | 'state' }>): string {
  switch (command.command) {
    case 'expire-access-token':
      return 'access token expired';
    case 'drop-network':
      return `network dropped for ${command.seconds} s`;
    case 'fail-next-requests':
      return `next ${command.count} API request(s) answer ${command.kind === 'network' ? 'a network error' : command.kind}`;
    case 'skew-clock':
      return `worker clock skewed by ${command.ms} ms`;
    case 'restart-worker':
      return 'worker restarted (session host rebuilt from storage)';
    case 'revoke-session':
      return 'session revoked on the server';
  }
}

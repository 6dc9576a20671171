import { CONNECTION_SETTINGS, type ConnectionSetup, type HelloData, type HostEvent, type SessionBackend, type WorkerApi, type WorkerMethod, type WorkerValue } from '../../bridge/messages.ts';
import type { InPageHostOptions } from './in-page-host-options.ts';
import { StackSetupError } from '../../protocol/setup-error.ts';
import { LazyInPageHost } from './lazy-in-page-host.ts';
import { WorkerConnection, type WorkerConnectionOptions } from './worker-connection.ts';

/**
 * The service worker when the browser allows one; otherwise (no API, registration refused or
 * blocked) the page-hosted session, loaded only then. A worker set up for another API, project or key
 * (its hello says) is refused: every call then fails with that setup error.
 */
export class AutoBackend implements SessionBackend {
  readonly #chosen: Promise<SessionBackend>;
  #resolved: SessionBackend | null = null;
  readonly #connection: WorkerConnection | null;
  readonly #page: InPageHostOptions;
  #refusal: Error | null = null;

  constructor(worker: WorkerConnectionOptions, page: InPageHostOptions) {
    this.#page = page;
    worker = { ...worker, url: workerScriptUrl(worker.url, page) };
    // Both modes share the project's channel name, so a page-hosted tab follows the worker's hints.
    const supported = typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
    const connection = supported ? new WorkerConnection(worker) : null;
    this.#connection = connection;
    // A page our worker already controls talks to it at once; the registration (after load) only checks for updates.
    if (connection?.controlsPage) {
      this.#resolved = connection;
      this.#chosen = Promise.resolve(connection);
      return;
    }
    this.#chosen = (connection ? connection.registered : Promise.resolve(undefined)).then((registration) => {
      this.#resolved = connection && registration ? connection : new LazyInPageHost(page);
      return this.#resolved;
    });
  }

  get controlsPage(): boolean {
    // A refused worker must not see the page's requests either: they go through call(), which fails.
    return !this.#refusal && (this.#resolved?.controlsPage ?? false);
  }

  watchSession(listener: (event: HostEvent) => void): void {
    // The worker's messages are heard from the start (the choice waits for the registration); the fallback once chosen.
    this.#connection?.watchSession(listener);
    // Setting the worker connection's one listener again changes nothing.
    void this.#chosen.then((backend) => backend.watchSession(listener));
  }

  async call<M extends WorkerMethod>(method: M, ...args: Parameters<WorkerApi[M]>): Promise<WorkerValue<M>> {
    if (this.#refusal) throw this.#refusal;
    const value = await (await this.#chosen).call(method, ...args);
    const setup = method === 'hello' && (value as HelloData).setup;
    // Older workers send no setup.
    const differs = setup && CONNECTION_SETTINGS.find((name) => setup[name] !== this.#page[name]);
    if (differs) throw (this.#refusal = new StackSetupError((await import('./setup-check.ts')).setupMismatch(differs, this.#page, setup)));
    return value;
  }
}

/**
 * The worker's script URL with the app's settings in its query, where the worker reads those its code leaves out
 * (sw/options.ts): the app's settings are written once.
 */
export function workerScriptUrl(url: string, setup: ConnectionSetup): string {
  const [path = '', query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  for (const name of CONNECTION_SETTINGS) params.set(name, setup[name]);
  return `${path}?${params}`;
}

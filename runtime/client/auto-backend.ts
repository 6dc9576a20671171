import type { HostEvent, SessionBackend, WorkerApi, WorkerMethod, WorkerValue } from '../bridge/messages.ts';
import type { InPageHostOptions } from './in-page-host-options.ts';
import { LazyInPageHost } from './lazy-in-page-host.ts';
import { WorkerConnection, type WorkerConnectionOptions } from './worker-connection.ts';

/**
 * The service worker when the browser allows one; otherwise (no API, registration refused or
 * blocked) the page-hosted session, loaded only then.
 */
export class AutoBackend implements SessionBackend {
  readonly #chosen: Promise<SessionBackend>;
  #resolved: SessionBackend | null = null;
  readonly #connection: WorkerConnection | null;

  constructor(worker: WorkerConnectionOptions, page: InPageHostOptions) {
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
    return this.#resolved?.controlsPage ?? false;
  }

  watchSession(listener: (event: HostEvent) => void): void {
    // The worker's messages are heard from the start (the choice waits for the registration); the fallback once chosen.
    this.#connection?.watchSession(listener);
    // Setting the worker connection's one listener again changes nothing.
    void this.#chosen.then((backend) => backend.watchSession(listener));
  }

  async call<M extends WorkerMethod>(method: M, ...args: Parameters<WorkerApi[M]>): Promise<WorkerValue<M>> {
    return (await this.#chosen).call(method, ...args);
  }
}

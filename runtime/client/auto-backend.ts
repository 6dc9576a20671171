import type { SessionBackend, WorkerApi, WorkerMethod, WorkerValue } from '../bridge/messages.ts';
import type { InPageHostOptions } from './in-page-host.ts';
import { LazyInPageHost } from './lazy-in-page-host.ts';
import { WorkerConnection, type WorkerConnectionOptions } from './worker-connection.ts';

/**
 * The service worker when the browser allows one; otherwise (no API, registration refused or
 * blocked) the page-hosted session, loaded only then.
 */
export class AutoBackend implements SessionBackend {
  readonly #chosen: Promise<SessionBackend>;
  #resolved: SessionBackend | null = null;
  readonly channelName: string;

  constructor(worker: WorkerConnectionOptions, page: InPageHostOptions) {
    // Both modes share the project's channel, so tabs agree whichever mode each one ended up in.
    this.channelName = worker.channelName;
    const supported = typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
    const connection = supported ? new WorkerConnection(worker) : null;
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

  async call<M extends WorkerMethod>(method: M, ...args: Parameters<WorkerApi[M]>): Promise<WorkerValue<M>> {
    return (await this.#chosen).call(method, ...args);
  }
}

import type { SessionEvent, SessionSnapshot, UserChangeData, UserEvent } from '../runtime/bridge/messages.ts';
import { SESSION_HINT_TYPE, type SessionPublisher } from '../runtime/host/broadcast.ts';

/** The part of the worker's `clients` used here (a structural type, so Node tests can pass a fake). */
export interface WindowClients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly { postMessage(message: unknown): void }[]>;
}

/**
 * The worker's session events go to each window client with `postMessage`: a page can tell them from a forgery
 * (the event's source is the worker; a script can post on a BroadcastChannel but cannot make the worker speak).
 * Uncontrolled pages in scope (first load, hard reload) get them too. A hint on the channel follows once
 * storage is written, for tabs of the origin that run the page-hosted fallback.
 */
export class WorkerClientsBroadcaster implements SessionPublisher {
  readonly #clients: WindowClients;
  readonly #channel: BroadcastChannel;

  constructor(clients: WindowClients, channelName: string) {
    this.#clients = clients;
    this.#channel = new BroadcastChannel(channelName);
  }

  post(snapshot: SessionSnapshot, stored: Promise<unknown>): void {
    this.#toWindows({ type: 'session', snapshot });
    void stored.then(() => this.#channel.postMessage({ type: SESSION_HINT_TYPE }));
  }

  /** The user changed: to each window client, as session events go (page-hosted tabs of the origin fetch their own on wake). */
  postUser(change: UserChangeData): void {
    this.#toWindows({ type: 'user', change });
  }

  #toWindows(event: SessionEvent | UserEvent): void {
    void this.#clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) client.postMessage(event);
    });
  }

  close(): void {
    this.#channel.close();
  }
}

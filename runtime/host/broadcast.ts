// How a session host tells tabs about session changes. The state itself reaches a page only from its own host:
// the service worker posts it to each client (sw/client-broadcast.ts), the in-page host hands it to its tab. The
// BroadcastChannel, which any script of the origin can post on, carries content-free hints only.

import type { SessionSnapshot } from '../bridge/messages.ts';

export interface SessionPublisher {
  /** `stored`: settles once storage holds what `snapshot` says, so a tab woken by a hint reads the new state. */
  post(snapshot: SessionSnapshot, stored: Promise<unknown>): void;
}

export const SESSION_HINT_TYPE = 'authworker:session-hint';

/**
 * Page-hosted mode: tells the origin's other tabs "the session changed, read your storage again", and wakes
 * this host when another tab says so. A hint is never state: a forged one costs a storage read, nothing more.
 */
export class SessionHintChannel implements SessionPublisher {
  readonly #channel: BroadcastChannel;

  constructor(channelName: string, onHint: () => void) {
    this.#channel = new BroadcastChannel(channelName);
    this.#channel.addEventListener('message', () => onHint());
    // In Node an open channel keeps the process alive: an idle page-hosted session must let it exit.
    (this.#channel as { unref?: () => void }).unref?.();
  }

  post(_snapshot: SessionSnapshot, stored: Promise<unknown>): void {
    void stored.then(() => this.#channel.postMessage({ type: SESSION_HINT_TYPE }));
  }

  close(): void {
    this.#channel.close();
  }
}

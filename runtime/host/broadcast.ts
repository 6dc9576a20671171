// How a session host tells tabs about session changes. The state itself reaches a page only from its own host:
// the service worker posts it to each client (sw/client-broadcast.ts), the in-page host hands it to its tab. The
// BroadcastChannel, which any script of the origin can post on, carries content-free hints only.

import type { SessionSnapshot, UserChangeData } from '../bridge/messages.ts';

export interface SessionPublisher {
  /** `stored`: settles once storage holds what `snapshot` says, so a tab woken by a hint reads the new state. */
  post(snapshot: SessionSnapshot, stored: Promise<unknown>): void;
  /** The signed-in user changed (user-feed.ts). */
  postUser(change: UserChangeData): void;
}

export const SESSION_HINT_TYPE = 'authworker:session-hint';
export const USER_HINT_TYPE = 'authworker:user-hint';

/** What a user hint asks of the other page-hosted tabs: fetch the user again (`user`), and these reads. */
export interface UserHint {
  user: boolean;
  reads: string[];
}

/**
 * Page-hosted mode: tells the origin's other tabs "the session changed, read your storage again" or "the user
 * changed, fetch it again", and wakes this host when another tab says so. A hint is never state: a forged one
 * costs a storage read or a fetch, nothing more.
 */
export class SessionHintChannel implements SessionPublisher {
  readonly #channel: BroadcastChannel;

  constructor(channelName: string, onHint: () => void, onUserHint: (hint: UserHint) => void = () => undefined) {
    this.#channel = new BroadcastChannel(channelName);
    this.#channel.addEventListener('message', (event: MessageEvent) => {
      const hint = readUserHint(event.data);
      if (hint) onUserHint(hint);
      else onHint();
    });
    // In Node an open channel keeps the process alive: an idle page-hosted session must let it exit.
    (this.#channel as { unref?: () => void }).unref?.();
  }

  post(_snapshot: SessionSnapshot, stored: Promise<unknown>): void {
    void stored.then(() => this.#channel.postMessage({ type: SESSION_HINT_TYPE }));
  }

  postUser(change: UserChangeData): void {
    const hint: UserHint = { user: change.body !== undefined, reads: change.reads ?? [] };
    this.#channel.postMessage({ type: USER_HINT_TYPE, ...hint });
  }

  close(): void {
    this.#channel.close();
  }
}

/** A user hint of another tab (its reads checked as the bridge checks them), or null for anything else. */
function readUserHint(data: unknown): UserHint | null {
  const { type, user, reads } = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (type !== USER_HINT_TYPE || typeof user !== 'boolean' || !Array.isArray(reads) || reads.length > 32) return null;
  return reads.every((read) => typeof read === 'string' && read.length > 0 && read.length <= 256) ? { user, reads: reads as string[] } : null;
}

import type { SessionSnapshot } from '../bridge/messages.ts';
import type { CurrentUser } from './current-user.ts';

export interface UserSnapshot {
  /** `loading` until the first answer for the current session. */
  status: 'loading' | 'ready';
  user: CurrentUser | null;
  error: Error | null;
}

const LOADING: UserSnapshot = { status: 'loading', user: null, error: null };

/**
 * The current user for hooks: one fetch per session change, shared by every subscriber.
 * A signed-out session answers `null` at once, without a request.
 */
export class UserCache {
  #snapshot: UserSnapshot = LOADING;
  #key: string | null = null;
  #inFlight: Promise<void> | null = null;
  #ready: { promise: Promise<void>; resolve: () => void } | null = null;
  readonly #listeners = new Set<() => void>();
  readonly #fetchUser: () => Promise<CurrentUser | null>;

  constructor(fetchUser: () => Promise<CurrentUser | null>) {
    this.#fetchUser = fetchUser;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): UserSnapshot => this.#snapshot;

  /** Settles when the snapshot is `ready` (for Suspense); one promise per loading period. */
  whenReady(): Promise<void> {
    if (this.#snapshot.status === 'ready') return Promise.resolve();
    if (!this.#ready) {
      let resolve = () => {};
      const promise = new Promise<void>((r) => (resolve = r));
      this.#ready = { promise, resolve };
    }
    return this.#ready.promise;
  }

  /** Follows the session: a new user id or status means a new fetch. */
  sync(session: SessionSnapshot): void {
    if (session.status === 'loading') return;
    const key = `${session.status}:${session.userId ?? ''}`;
    if (key === this.#key) return;
    this.#key = key;
    if (session.status === 'signed-out') {
      this.#set({ status: 'ready', user: null, error: null });
      return;
    }
    this.#set({ ...this.#snapshot, status: 'loading' });
    void this.reload();
  }

  /** Refetches now (after a mutation); concurrent callers share one request. */
  reload(): Promise<void> {
    this.#inFlight ??= this.#fetchUser()
      .then(
        (user) => this.#set({ status: 'ready', user, error: null }),
        // Keep the last user when offline: the session is still valid, the network is not.
        (error: unknown) => this.#set({ status: 'ready', user: this.#snapshot.user, error: error instanceof Error ? error : new Error(String(error)) }),
      )
      .finally(() => {
        this.#inFlight = null;
      });
    return this.#inFlight;
  }

  #set(snapshot: UserSnapshot): void {
    this.#snapshot = snapshot;
    if (snapshot.status === 'ready' && this.#ready) {
      this.#ready.resolve();
      this.#ready = null;
    }
    for (const listener of this.#listeners) listener();
  }
}

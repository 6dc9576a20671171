import type { SessionSnapshot } from '../bridge/messages.ts';
import { AsyncCache, type AsyncCacheOptions } from './async-cache.ts';
import type { CurrentUser } from './current-user.ts';

export interface UserSnapshot {
  /** `loading` until the first answer for the current session. */
  status: 'loading' | 'ready';
  user: CurrentUser | null;
  error: Error | null;
  /** True while `user` is the worker's stored answer from an earlier visit, not yet confirmed by the API. */
  cached?: boolean;
}

const LOADING: UserSnapshot = { status: 'loading', user: null, error: null };
const USER_KEY = 'me';

/**
 * The current user for hooks: one fetch per session change, shared by every subscriber; refetches follow
 * the SDK's cache rules (async-cache.ts: one at a time, 300 ms apart, callers batched; dropped 5 s after
 * the last subscriber left, then refetched for the next one while the last user stays shown).
 * A signed-out session answers `null` at once, without a request.
 */
export class UserCache {
  #snapshot: UserSnapshot = LOADING;
  #key: string | null = null;
  #ready: { promise: Promise<void>; resolve: () => void } | null = null;
  readonly #listeners = new Set<() => void>();
  /** Stores of the other reads (the hooks', the account page's): `changed` (read-keys.ts) tells them what a mutation changed. */
  readonly readers = new Set<(keys: readonly string[]) => Promise<unknown>>();
  readonly #fetchUser: () => Promise<CurrentUser | null>;
  #cache: AsyncCache<CurrentUser | null>;
  /** The worker's stored user for the next signed-in session it names (from hello). */
  #offered: { userId: string; build: () => Promise<CurrentUser> } | null = null;

  constructor(fetchUser: () => Promise<CurrentUser | null>) {
    this.#fetchUser = fetchUser;
    this.#cache = new AsyncCache(fetchUser);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    const leave = this.#cache.subscribe(USER_KEY);
    if (this.#snapshot.user && this.#cache.peek(USER_KEY) === undefined) void this.reload();
    return () => {
      if (this.#listeners.delete(listener)) leave();
    };
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

  /**
   * The user the worker stored on an earlier visit: when the session it belongs to arrives, it is shown at
   * once (`cached: true`) and revalidated right after; the API's answer then replaces it.
   */
  offerStored(userId: string, build: () => Promise<CurrentUser>): void {
    this.#offered = { userId, build };
  }

  /** Follows the session: a new user id or status means a new fetch. */
  sync(session: SessionSnapshot): void {
    if (session.status === 'loading') return;
    const key = `${session.status}:${session.userId ?? ''}`;
    if (key === this.#key) return;
    this.#key = key;
    // A new session starts a new cache; a late answer for the old one lands in the old cache.
    this.#cache = new AsyncCache(this.#fetchUser);
    if (session.status === 'signed-out') {
      this.#set({ status: 'ready', user: null, error: null });
      return;
    }
    this.#set({ ...this.#snapshot, status: 'loading' });
    const offered = this.#offered;
    this.#offered = null;
    if (offered?.userId === session.userId) void this.#showStored(key, offered.build);
    else void this.reload();
  }

  async #showStored(key: string, build: () => Promise<CurrentUser>): Promise<void> {
    // Only while nothing fresher has arrived for the same session; an unreadable one is skipped.
    const user = await build().catch(() => null);
    if (user && key === this.#key && this.#snapshot.status === 'loading') this.#set({ status: 'ready', user, error: null, cached: true });
    // Revalidated after the stored user is on screen: a changed user re-renders, a revoked session signs out.
    if (key === this.#key) await this.reload();
  }

  /**
   * A cache by the same rules for another read (the hooks' store, the account page): they get it here, so
   * their lazy chunks share this module's code instead of splitting it off the start-up path.
   */
  cacheFor<T>(load: () => Promise<T>, options?: AsyncCacheOptions): AsyncCache<T> {
    return new AsyncCache(load, options);
  }

  /** The app cannot work (a setup error at start-up): every reader gets the error. */
  fail(error: Error): void {
    this.#set({ status: 'ready', user: null, error });
  }

  /** Refetches the user: the snapshot gets a user fetched after this call (or the error). */
  reload(): Promise<void> {
    return this.fetchUser().then(
      () => undefined,
      () => undefined,
    );
  }

  /** The user from a fetch started after this call (`getUser`), also written to the snapshot. */
  async fetchUser(): Promise<CurrentUser | null> {
    const key = this.#key;
    try {
      const user = await this.#cache.refresh(USER_KEY);
      if (key === this.#key) this.#set({ status: 'ready', user, error: null });
      return user;
    } catch (error) {
      // Keep the last user when offline: the session is still valid, the network is not.
      if (key === this.#key) {
        const { user, cached } = this.#snapshot;
        this.#set({ status: 'ready', user, error: error instanceof Error ? error : new Error(String(error)), ...(cached ? { cached } : {}) });
      }
      throw error;
    }
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

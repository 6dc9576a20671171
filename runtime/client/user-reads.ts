// The current user's reads behind the hooks (teams, contact channels, permissions, ...): a plain store
// (`subscribe`/`getSnapshot`) that each hook's observer (user-read-observer.ts) follows. Loaded with the first
// such hook, off the page's initial path.
import { Subscribable } from '../notify/subscribable.ts';
import type { AsyncCache, AsyncCacheOptions } from './async-cache.ts';
import type { CurrentUser } from './current-user.ts';
import { readKey, type ReadKind } from './read-keys.ts';

/** A read as the hooks name it: its kind, and what it is about (read-keys.ts builds the key). */
export type ReadRef = readonly [kind: ReadKind, about?: string];

interface Entry {
  /**
   * The entry's fetches and its value, by the SDK's rules (async-cache.ts): one at a time, 300 ms apart,
   * callers batched; dropped 5 s after the last holder lets go, and the entry with it.
   */
  fetches: AsyncCache<unknown>;
  /** The current user object the next fetch reads through. */
  user: CurrentUser;
  promise: Promise<unknown>;
  error?: unknown;
}

/** What the store needs of the app's user cache (user-cache.ts, which owns the store). */
export interface UserCacheLink {
  subscribe(listener: () => void): () => void;
  getSnapshot(): { user: CurrentUser | null };
  readonly readers: Set<(keys: readonly string[]) => Promise<unknown>>;
  cacheFor<T>(load: () => Promise<T>, options?: AsyncCacheOptions): AsyncCache<T>;
}

/**
 * Reads shared by every hook of an app, keyed by user. A change names the reads it changed (in any tab: the
 * session host tells them all): those held are refetched, keeping the old value until the new one; the others
 * are left alone. A new user drops the previous user's reads.
 */
export class UserReads extends Subscribable {
  readonly #entries = new Map<string, Entry>();
  #version = 0;
  readonly #userCache: UserCacheLink;

  constructor(userCache: UserCacheLink) {
    super();
    this.#userCache = userCache;
    userCache.subscribe(() => {
      const { user } = userCache.getSnapshot();
      for (const key of this.#entries.keys()) if (!user || !key.startsWith(`${user.id}:`)) this.#entries.delete(key);
    });
    userCache.readers.add((keys) => {
      const { user } = userCache.getSnapshot();
      if (!user) return Promise.resolve();
      const changed = keys.map((key) => this.#entries.get(`${user.id}:${key}`)).filter((entry) => entry !== undefined);
      return Promise.all(changed.map((entry) => this.#fetch(entry, user)));
    });
  }

  /** Bumped on every answer, so `useSyncExternalStore` re-renders the readers. */
  getSnapshot = (): number => this.#version;

  /**
   * The value, or suspends on the first fetch (or, with `suspense` false, undefined until it lands); a
   * failed first fetch throws (and is retried on the next read).
   */
  read<T>(user: CurrentUser, ref: ReadRef, load: (user: CurrentUser) => Promise<T>, suspense = true): T | undefined {
    const id = `${user.id}:${readKey(...ref)}`;
    let entry = this.#entries.get(id);
    if (!entry) {
      const forget = () => {
        if (this.#entries.get(id) === created) this.#entries.delete(id);
      };
      const created: Entry = { fetches: this.#userCache.cacheFor(() => load(created.user), { onEvict: forget }), user, promise: Promise.resolve() };
      this.#entries.set(id, (entry = created));
      void this.#fetch(entry, user);
    }
    if (entry.fetches.has('')) return entry.fetches.peek('') as T;
    if ('error' in entry) {
      this.#entries.delete(id);
      throw entry.error;
    }
    if (suspense) throw entry.promise;
    return undefined;
  }

  /** Counts a holder of the entry (user-read-observer.ts); null when there is none yet (a render creates it). */
  hold(user: CurrentUser, ref: ReadRef): (() => void) | null {
    const entry = this.#entries.get(`${user.id}:${readKey(...ref)}`);
    return entry ? entry.fetches.subscribe('') : null;
  }

  #fetch(entry: Entry, user: CurrentUser): Promise<void> {
    entry.user = user;
    // Fetches run one at a time (async-cache.ts), so the cache keeps the newest answer; a failure is shown
    // only while there is no value to keep showing.
    const promise: Promise<unknown> = entry.fetches.refresh('').then(
      () => {
        if (entry.promise === promise) delete entry.error;
      },
      (error: unknown) => {
        if (entry.promise === promise && !entry.fetches.has('')) entry.error = error;
      },
    );
    entry.promise = promise;
    return promise.then(() => {
      this.#version += 1;
      this.notify();
    });
  }
}

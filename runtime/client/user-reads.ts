// The current user's reads behind the hooks (teams, contact channels, permissions, ...): a plain store
// (`subscribe`/`getSnapshot`) that react/teams.ts adapts. Loaded with the first such hook, off the page's
// initial path.
import type { StackClientApp } from './client-app.ts';
import type { CurrentUser } from './current-user.ts';
import type { AsyncCache } from './async-cache.ts';
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

/**
 * Reads shared by every hook of an app, keyed by user. A mutation names the reads it changed
 * (`changed` in read-keys.ts): those held are refetched, keeping the old value until the new one;
 * the others are left alone. A new user drops the previous user's reads.
 */
export class UserReads {
  readonly #entries = new Map<string, Entry>();
  readonly #listeners = new Set<() => void>();
  #version = 0;
  readonly #app: StackClientApp;

  constructor(app: StackClientApp) {
    this.#app = app;
    app.userCache.subscribe(() => {
      const { user } = app.userCache.getSnapshot();
      for (const key of this.#entries.keys()) if (!user || !key.startsWith(`${user.id}:`)) this.#entries.delete(key);
    });
    app.userCache.readers.add((keys) => {
      const { user } = app.userCache.getSnapshot();
      if (!user) return Promise.resolve();
      const changed = keys.map((key) => this.#entries.get(`${user.id}:${key}`)).filter((entry) => entry !== undefined);
      return Promise.all(changed.map((entry) => this.#fetch(entry, user)));
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

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
      const created: Entry = { fetches: this.#app.userCache.cacheFor(() => load(created.user), { onEvict: forget }), user, promise: Promise.resolve() };
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

  /**
   * A mounted hook holds its entry; 5 s after the last holder lets go it is dropped (protocol.md §10.2), so
   * the data of unmounted components is neither refreshed nor served stale later.
   */
  hold(user: CurrentUser, ref: ReadRef): () => void {
    const entry = this.#entries.get(`${user.id}:${readKey(...ref)}`);
    return entry ? entry.fetches.subscribe('') : () => undefined;
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
      for (const listener of this.#listeners) listener();
    });
  }
}

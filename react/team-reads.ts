// The store behind the team hooks; loaded with the first team hook, off the page's initial path.
import type { StackClientApp } from '../runtime/client/client-app.ts';
import type { CurrentUser } from '../runtime/client/current-user.ts';
import type { AsyncCache } from '../runtime/client/async-cache.ts';
import { readKey, type ReadKind } from '../runtime/client/read-keys.ts';

const EVICT_AFTER_MS = 5_000;

/** A read as the hooks name it: its kind, and what it is about (read-keys.ts builds the key). */
export type ReadRef = readonly [kind: ReadKind, about?: string];

interface Entry {
  /** The entry's fetches, by the SDK's rules: one at a time, 300 ms apart, callers batched (async-cache.ts). */
  fetches: AsyncCache<unknown>;
  /** The current user object the next fetch reads through. */
  user: CurrentUser;
  /** Mounted hooks reading the entry; 5 s after the last one unmounts, the entry is dropped. */
  holders: number;
  leaves: number;
  promise: Promise<unknown>;
  value?: unknown;
  error?: unknown;
}

/**
 * Team reads shared by every hook of an app, keyed by user. A mutation names the reads it changed
 * (`changed` in read-keys.ts): those held are refetched, keeping the old value until the new one;
 * the others are left alone. A new user drops the previous user's reads.
 */
export class TeamReads {
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

  getSnapshot = (): number => this.#version;

  /**
   * The value, or suspends on the first fetch (or, with `suspense` false, undefined until it lands); a
   * failed first fetch throws (and is retried on the next read).
   */
  read<T>(user: CurrentUser, ref: ReadRef, load: (user: CurrentUser) => Promise<T>, suspense = true): T | undefined {
    const id = `${user.id}:${readKey(...ref)}`;
    let entry = this.#entries.get(id);
    if (!entry) {
      const created: Entry = { fetches: this.#app.userCache.cacheFor(() => load(created.user)), user, promise: Promise.resolve(), holders: 0, leaves: 0 };
      this.#entries.set(id, (entry = created));
      void this.#fetch(entry, user);
    }
    if ('value' in entry) return entry.value as T;
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
    const id = `${user.id}:${readKey(...ref)}`;
    const entry = this.#entries.get(id);
    if (!entry) return () => undefined;
    entry.holders += 1;
    return () => {
      const leave = ++entry.leaves;
      if (--entry.holders > 0) return;
      setTimeout(() => {
        if (entry.holders === 0 && entry.leaves === leave && this.#entries.get(id) === entry) this.#entries.delete(id);
      }, EVICT_AFTER_MS);
    };
  }

  #fetch(entry: Entry, user: CurrentUser): Promise<void> {
    entry.user = user;
    // Only the newest fetch of an entry may write it: an older answer arriving late is dropped.
    const promise: Promise<unknown> = entry.fetches.refresh('').then(
      (value) => {
        if (entry.promise !== promise) return;
        entry.value = value;
        delete entry.error;
      },
      (error: unknown) => {
        if (entry.promise === promise && !('value' in entry)) entry.error = error;
      },
    );
    entry.promise = promise;
    return promise.then(() => {
      this.#version += 1;
      for (const listener of this.#listeners) listener();
    });
  }
}

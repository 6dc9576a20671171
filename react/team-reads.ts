// The store behind the team hooks; loaded with the first team hook, off the page's initial path.
import type { StackClientApp } from '../runtime/client/client-app.ts';
import type { CurrentUser } from '../runtime/client/current-user.ts';

const EVICT_AFTER_MS = 5_000;

interface Entry {
  load: (user: CurrentUser) => Promise<unknown>;
  /** Mounted hooks reading the entry; 5 s after the last one unmounts, the entry is dropped. */
  holders: number;
  leaves: number;
  promise: Promise<unknown>;
  value?: unknown;
  error?: unknown;
}

/**
 * Team reads shared by every hook of an app, keyed by user. Each new user snapshot (the client reloads
 * the user after every team mutation) refetches what is held, keeping the old value until the new one.
 */
export class TeamReads {
  readonly #entries = new Map<string, Entry>();
  readonly #listeners = new Set<() => void>();
  #version = 0;

  constructor(app: StackClientApp) {
    app.userCache.subscribe(() => {
      const { status, user } = app.userCache.getSnapshot();
      if (status !== 'ready') return;
      for (const [key, entry] of this.#entries) {
        if (user && key.startsWith(`${user.id}:`)) this.#fetch(entry, user);
        else this.#entries.delete(key);
      }
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): number => this.#version;

  /** The value, or suspends on the first fetch; a failed first fetch throws (and is retried on the next read). */
  read<T>(user: CurrentUser, key: string, load: (user: CurrentUser) => Promise<T>): T {
    const id = `${user.id}:${key}`;
    let entry = this.#entries.get(id);
    if (!entry) {
      entry = { load, promise: Promise.resolve(), holders: 0, leaves: 0 };
      this.#entries.set(id, entry);
      this.#fetch(entry, user);
    }
    if ('value' in entry) return entry.value as T;
    if ('error' in entry) {
      this.#entries.delete(id);
      throw entry.error;
    }
    throw entry.promise;
  }

  /**
   * A mounted hook holds its entry; 5 s after the last holder lets go it is dropped (protocol.md §10.2), so
   * the data of unmounted components is neither refreshed nor served stale later.
   */
  hold(user: CurrentUser, key: string): () => void {
    const id = `${user.id}:${key}`;
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

  #fetch(entry: Entry, user: CurrentUser): void {
    // Only the newest fetch of an entry may write it: an older answer arriving late is dropped.
    const promise: Promise<unknown> = entry.load(user).then(
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
    void promise.then(() => {
      this.#version += 1;
      for (const listener of this.#listeners) listener();
    });
  }
}

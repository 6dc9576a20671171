// The store behind the team hooks; loaded with the first team hook, off the page's initial path.
import type { StackClientApp } from '../runtime/client/client-app.ts';
import type { CurrentUser } from '../runtime/client/current-user.ts';

interface Entry {
  load: (user: CurrentUser) => Promise<unknown>;
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
      entry = { load, promise: Promise.resolve() };
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

// One reader's view of one read of the current user's data (after TanStack Query's QueryObserver): each hook and each
// component that reads makes one. It follows the user cache (user-cache.ts) and the read it reads there, and holds
// that read while subscribed. The state lives in the cache; the observer only connects one reader to it.
import { Subscribable } from '../../notify/subscribable.ts';
import type { Read } from './read.ts';
import type { ReadOptions } from './read-options.ts';
import type { UserCache } from './user-cache.ts';

export type { ReadOptions } from './read-options.ts';

/** What a reader shows: the value (undefined while loading), and the read it comes from (its failure, its fetches). */
export interface ReadResult<T> {
  value: T | undefined;
  read?: Read<T> | undefined;
}

const SERVER_RENDER = -1;

export class ReadObserver<T> extends Subscribable {
  readonly #cache: UserCache;
  #options: ReadOptions<T>;
  /** Changes each time the user or the read tells it something: what `useSyncExternalStore` compares. */
  #version = 0;
  #stop: (() => void) | undefined;
  #held: { read: Read<unknown>; release: () => void } | undefined;
  /** The answers of the read the last render read (`Read.answers`). */
  #seen: number | undefined;

  constructor(cache: UserCache, options: ReadOptions<T>) {
    super();
    this.#cache = cache;
    this.#options = options;
  }

  getSnapshot = (): number => this.#version;
  /** Server rendering and hydration see the user loading, as `useUserState()` does there. */
  getServerSnapshot = (): number => SERVER_RENDER;

  /** The options of the last commit (a render may pass others to `read`): the held read follows them. */
  setOptions(options: ReadOptions<T>): void {
    this.#options = options;
    this.#hold();
  }

  /**
   * The value for a render (the hooks' form): suspends (throws a promise) while the user or the first fetch loads,
   * unless `suspense` is false (then undefined); a failed first fetch throws (and is fetched anew by the next read).
   */
  read(options: ReadOptions<T>, suspense: boolean, snapshot: number = this.#version): T | undefined {
    const { value, read } = this.result(options, snapshot);
    if (read ? read.has() : value !== undefined) return value;
    if (read && read.error !== undefined) {
      read.drop();
      throw read.error;
    }
    if (suspense) throw read ? read.promise : this.#cache.whenReady();
    return undefined;
  }

  /**
   * What a render shows (the components' form, which show a failure instead of throwing it): the read of the user on
   * show, made and first fetched on first use, and its value; without a read, undefined while the user loads, else
   * the signed-out value.
   */
  result(options: ReadOptions<T>, snapshot: number): ReadResult<T> {
    const { status, user } = this.#cache.getSnapshot();
    if (status === 'loading' || snapshot === SERVER_RENDER) return { value: undefined };
    if (!user) return { value: options.signedOut };
    const read = this.#cache.read(options, true);
    this.#seen = read?.answers;
    return { value: read?.peek(), read };
  }

  protected override onFirstSubscriber(): void {
    this.#stop = this.#cache.subscribe(() => this.#changed());
    this.#hold();
  }

  protected override onLastUnsubscribe(): void {
    this.#stop?.();
    this.#held?.release();
    this.#held = undefined;
  }

  #changed(): void {
    this.#version += 1;
    this.#hold();
    this.notify();
  }

  /**
   * A subscribed observer holds its read and hears its answers; 5 s after the last holder lets go it is dropped, so
   * the data of unmounted readers is neither refreshed nor served stale later.
   */
  #hold(): void {
    if (!this.listeners.size) return;
    const { user } = this.#cache.getSnapshot();
    const read = user ? this.#cache.read(this.#options) : undefined;
    if (read === this.#held?.read) return;
    this.#held?.release();
    this.#held = read && { read, release: read.subscribe(() => this.#changed()) };
    // An answer between the render and this subscription told nobody: render it now.
    if (read && read.answers !== this.#seen) this.#changed();
  }
}

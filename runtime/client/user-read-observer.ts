// One hook's read of the current user's data (react/user-reads.ts makes one per hook, as TanStack Query's hooks make
// a QueryObserver): it follows the user cache and the shared reads store, and holds its entry while mounted. The
// state lives in the app's stores; the observer only connects one component to them.
import { Subscribable } from '../notify/subscribable.ts';
import type { CurrentUser } from './current-user.ts';
import type { UserCache } from './user-cache.ts';
import type { ReadRef } from './user-reads.ts';

export interface UserReadOptions<T> {
  ref: ReadRef;
  load: (user: CurrentUser) => Promise<T>;
  /** The value while nobody is signed in. */
  signedOut: T;
}

const SERVER_RENDER = -1;

export class UserReadObserver<T> extends Subscribable {
  readonly #userCache: UserCache;
  #options: UserReadOptions<T>;
  /** Changes each time the user or the reads store tells it something: what `useSyncExternalStore` compares. */
  #version = 0;
  #stop: (() => void)[] = [];
  #held: { id: string; release: () => void } | null = null;

  constructor(userCache: UserCache, options: UserReadOptions<T>) {
    super();
    this.#userCache = userCache;
    this.#options = options;
  }

  getSnapshot = (): number => this.#version;
  /** Server rendering and hydration see the user loading, as `useUserState()` does there. */
  getServerSnapshot = (): number => SERVER_RENDER;

  /** The options of the last commit (a render may pass others to `read`): the held entry follows them. */
  setOptions(options: UserReadOptions<T>): void {
    this.#options = options;
    this.#hold();
  }

  /**
   * The value for a render: suspends (throws a promise) while the user or the first fetch loads, unless `suspense`
   * is false (then undefined); a failed first fetch throws (and is retried on the next read).
   */
  read(options: UserReadOptions<T>, suspense: boolean, snapshot: number = this.#version): T | undefined {
    const { status, user } = this.#userCache.getSnapshot();
    if (status === 'loading' || snapshot === SERVER_RENDER) {
      if (suspense) throw this.#userCache.whenReady();
      return undefined;
    }
    if (!user) return options.signedOut;
    const store = this.#userCache.loadedReads();
    if (!store) {
      if (suspense) throw this.#userCache.reads();
      return undefined;
    }
    return store.read(user, options.ref, options.load, suspense);
  }

  protected override onFirstSubscriber(): void {
    const changed = () => {
      this.#version += 1;
      this.#hold();
      this.notify();
    };
    this.#stop.push(this.#userCache.subscribe(changed));
    const store = this.#userCache.loadedReads();
    if (store) this.#stop.push(store.subscribe(changed));
    else {
      // The store's chunk arrives: follow it, and render again with it.
      void this.#userCache.reads().then((loaded) => {
        if (!this.listeners.size) return;
        this.#stop.push(loaded.subscribe(changed));
        changed();
      });
    }
    this.#hold();
  }

  protected override onLastUnsubscribe(): void {
    for (const stop of this.#stop.splice(0)) stop();
    this.#held?.release();
    this.#held = null;
  }

  /**
   * A mounted hook holds its entry; 5 s after the last holder lets go it is dropped, so the
   * data of unmounted components is neither refreshed nor served stale later.
   */
  #hold(): void {
    if (!this.listeners.size) return;
    const { user } = this.#userCache.getSnapshot();
    const store = this.#userCache.loadedReads();
    const [kind, about] = this.#options.ref;
    const id = user && store ? `${user.id}\n${kind}\n${about ?? ''}` : '';
    if (id === this.#held?.id) return;
    this.#held?.release();
    const release = user && store ? store.hold(user, this.#options.ref) : null;
    this.#held = release ? { id, release } : null;
  }
}

export type { ReadRef };

// One cached read (after TanStack Query's Query): its value, its last failure and its fetches, by the SDK's cache
// rules: at most one fetch in flight, a new fetch starts at least 300 ms after the previous one started, and callers
// asking meanwhile share the next fetch, so a caller always gets an answer fetched after it asked (imperative
// getters, mutations). Its subscribers are its holders: five seconds after the last one leaves, the value is dropped
// (the next holder refetches). The one place of that rule: the user cache keeps the user and its reads here.
import { Subscribable } from '../../notify/subscribable.ts';

export const CACHE_THROTTLE_MS = 300;
export const CACHE_EVICT_AFTER_MS = 5_000;

export class Read<T> extends Subscribable {
  /** What a fetch runs: the newest holder's (TanStack's setOptions), so a render's closure is the one fetched with. */
  load: () => Promise<T>;
  readonly #onEvict: (() => void) | undefined;
  #value: { value: T } | undefined;
  /** The last fetch's failure (by `fetch`), until an answer replaces it. */
  error: unknown;
  /** Settles (never rejects) when the last `fetch` has answered or failed: what a suspending reader waits for. */
  promise: Promise<void> = Promise.resolve();
  /** How many fetches have settled: an observer that starts holding the read late knows whether it missed one. */
  answers = 0;
  /** The fetch in flight, and the next one (shared by everyone who asked since the first started). */
  #running: Promise<T> | undefined;
  #queued: Promise<T> | undefined;
  #startedAt = -Infinity;
  /** Bumped on each last leave, so an older eviction timer knows it is stale. */
  #leaves = 0;

  /** `onEvict` is told when the value is dropped, 5 s after the last holder left (a cache can forget the read too). */
  constructor(load: () => Promise<T>, onEvict?: () => void) {
    super();
    this.load = load;
    this.#onEvict = onEvict;
  }

  /** Whether there is a value (one that may itself be `undefined`). */
  has(): boolean {
    return !!this.#value;
  }

  /** The value, if any (readers render it while a refresh runs). */
  peek(): T | undefined {
    return this.#value?.value;
  }

  /** A fetch that starts after this call: at once if allowed, else the shared next one. Rejects when it fails. */
  refresh(): Promise<T> {
    if (!this.#queued && !this.#running && Date.now() - this.#startedAt >= CACHE_THROTTLE_MS) return this.#start();
    return (this.#queued ??= (async () => {
      await this.#running?.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, this.#startedAt + CACHE_THROTTLE_MS - Date.now()));
      this.#queued = undefined;
      return this.#start();
    })());
  }

  /**
   * `refresh` for readers: its failure is kept in `error` (the newest fetch's only, as fetches answer in order) and
   * the holders are told either way.
   */
  fetch(): Promise<void> {
    const promise: Promise<void> = this.refresh().then(
      () => {
        if (this.promise === promise) this.error = undefined;
      },
      (error: unknown) => {
        if (this.promise === promise) this.error = error;
      },
    );
    this.promise = promise;
    return promise.then(() => {
      this.answers += 1;
      this.notify();
    });
  }

  /** Drops the value, and the read from its cache (`onEvict`): the next reader fetches anew. */
  drop(): void {
    this.#value = undefined;
    this.#onEvict?.();
  }

  protected override onLastUnsubscribe(): void {
    const leave = ++this.#leaves;
    setTimeout(() => this.listeners.size || this.#leaves !== leave || this.drop(), CACHE_EVICT_AFTER_MS);
  }

  #start(): Promise<T> {
    this.#startedAt = Date.now();
    const running = this.load().then((value) => {
      this.#value = { value };
      return value;
    });
    const done = () => {
      if (this.#running === running) this.#running = undefined;
    };
    running.then(done, done);
    return (this.#running = running);
  }
}

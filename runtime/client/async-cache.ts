// The SDK's cache rules, one key at a time: at most one fetch in flight, a new fetch
// starts at least 300 ms after the previous one started, and callers asking meanwhile share the next
// fetch, so a caller always gets an answer fetched after it asked (imperative getters, mutations). Five
// seconds after the last subscriber leaves, the value is dropped: the next subscriber refetches. The one
// place of that rule: the user cache and the hooks' reads (user-reads.ts) both keep their values here.

export const CACHE_THROTTLE_MS = 300;
export const CACHE_EVICT_AFTER_MS = 5_000;

interface Entry<T> {
  value?: T;
  /** The fetch in flight, and the next one (shared by everyone who asked since the first started). */
  running?: Promise<T> | undefined;
  queued?: Promise<T> | undefined;
  startedAt: number;
  subscribers: number;
  /** Bumped on each unsubscribe, so an older eviction timer knows it is stale. */
  leaves: number;
}

export interface AsyncCacheOptions {
  /** Told when a key's value is dropped, 5 s after its last subscriber left (a store can forget the key too). */
  onEvict?: (key: string) => void;
}

export class AsyncCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #load: (key: string) => Promise<T>;
  readonly #onEvict: ((key: string) => void) | undefined;

  constructor(load: (key: string) => Promise<T>, options: AsyncCacheOptions = {}) {
    this.#load = load;
    this.#onEvict = options.onEvict;
  }

  /** The cached value, if any (hooks render it while a refresh runs). */
  peek(key: string): T | undefined {
    return this.#entry(key).value;
  }

  /** Whether `key` has a value (one that may itself be `undefined`). */
  has(key: string): boolean {
    return 'value' in this.#entry(key);
  }

  /** A fetch that starts after this call: at once if allowed, else the shared next one. */
  refresh(key: string): Promise<T> {
    const entry = this.#entry(key);
    if (!entry.queued && !entry.running && Date.now() - entry.startedAt >= CACHE_THROTTLE_MS) return this.#start(entry, key);
    return (entry.queued ??= (async () => {
      await entry.running?.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, entry.startedAt + CACHE_THROTTLE_MS - Date.now()));
      entry.queued = undefined;
      return this.#start(entry, key);
    })());
  }

  /** Counts a subscriber of `key`; the returned function removes it (and may evict the value 5 s later). */
  subscribe(key: string): () => void {
    const entry = this.#entry(key);
    entry.subscribers += 1;
    return () => {
      const leave = ++entry.leaves;
      if (--entry.subscribers > 0) return;
      setTimeout(() => {
        if (entry.subscribers !== 0 || entry.leaves !== leave) return;
        delete entry.value;
        this.#onEvict?.(key);
      }, CACHE_EVICT_AFTER_MS);
    };
  }

  #entry(key: string): Entry<T> {
    let entry = this.#entries.get(key);
    if (!entry) this.#entries.set(key, (entry = { startedAt: -Infinity, subscribers: 0, leaves: 0 }));
    return entry;
  }

  #start(entry: Entry<T>, key: string): Promise<T> {
    entry.startedAt = Date.now();
    const running = this.#load(key).then((value) => (entry.value = value));
    const done = () => {
      if (entry.running === running) entry.running = undefined;
    };
    running.then(done, done);
    return (entry.running = running);
  }
}

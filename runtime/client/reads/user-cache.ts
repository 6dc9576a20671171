import type { SessionSnapshot } from '../../bridge/messages.ts';
import { batch } from '../../notify/notify-manager.ts';
import { Subscribable } from '../../notify/subscribable.ts';
import type { CurrentUser, UserChangeRead } from '../user/current-user.ts';
import { Read } from './read.ts';
import type { ReadOptions } from './read-options.ts';

export interface UserSnapshot {
  /** `loading` until the first answer for the current session. */
  status: 'loading' | 'ready';
  user: CurrentUser | null;
  error: Error | null;
  /** True while `user` is the worker's stored answer from an earlier visit, not yet confirmed by the API. */
  cached?: boolean;
}

const LOADING: UserSnapshot = { status: 'loading', user: null, error: null };

/**
 * The page's one cache of reads (after TanStack Query's QueryCache): the current user, and the user's other reads
 * (teams, e-mails, permissions, ...) that the hooks and components follow through their observers
 * (read-observer.ts). The user: one fetch per session change, shared by every subscriber; refetches follow the SDK's
 * cache rules (read.ts: one at a time, 300 ms apart, callers batched; dropped 5 s after the last subscriber left, then
 * refetched for the next one while the last user stays shown). A signed-out session answers `null` at once, without
 * a request. A change of the user the session host announces (user-feed.ts: an edit in any tab) is shown without a
 * request, and the reads it names are fetched again. A new user drops the previous user's reads.
 */
export class UserCache extends Subscribable {
  #snapshot: UserSnapshot = LOADING;
  #key: string | null = null;
  /** The sequence number of the session snapshot the current key arrived with: older user changes are ignored. */
  #since = -Infinity;
  /** The host's last user change shown here, the changes being read, and how many carried a user. */
  #version = -1;
  readonly #receiving = new Map<number, Promise<unknown>>();
  #pushed = 0;
  /** The `/users/me` body the user on show was read from, when known: the same body again changes nothing. */
  #body: string | undefined;
  #ready: { promise: Promise<void>; resolve: () => void } | null = null;
  readonly #fetchUser: () => Promise<CurrentUser | null>;
  readonly #readChange: (raw: unknown) => Promise<UserChangeRead | null>;
  /** The user's fetches in this session, held while this cache has subscribers. */
  #read: Read<CurrentUser | null>;
  #leave: (() => void) | undefined;
  /** The worker's stored user for the next signed-in session it names (from hello). */
  #offered: { userId: string; build: () => Promise<CurrentUser> } | null = null;
  /** The user's other reads, by `read-keys.ts` key and view. */
  readonly #reads = new Map<string, Read<unknown>>();

  /** `readChange` checks a user change the host sent and reads the user it carries (in the chunk that reads users). */
  constructor(fetchUser: () => Promise<CurrentUser | null>, readChange: (raw: unknown) => Promise<UserChangeRead | null> = async () => null) {
    super();
    this.#fetchUser = fetchUser;
    this.#readChange = readChange;
    this.#read = new Read(fetchUser);
  }

  protected override onFirstSubscriber(): void {
    this.#hold();
    if (this.#snapshot.user && !this.#read.has()) void this.reload();
  }

  #hold(): void {
    this.#leave?.();
    this.#leave = this.#read.subscribe(() => undefined);
  }

  protected override onLastUnsubscribe(): void {
    this.#leave?.();
    this.#leave = undefined;
  }

  /** The version of the last user change shown here (what a waking tab catches up from). */
  get version(): number {
    return this.#version;
  }

  /** The host said it has published changes up to `version` (hello): none of them is news to this tab. */
  knowVersion(version: number): void {
    this.#version = Math.max(this.#version, version);
  }

  /**
   * A change of the signed-in user from the session host: its user is shown (no request), the reads it names are
   * fetched again by their holders. Ignored when malformed, or older than this tab's session or its last change;
   * settles once shown. `alongside` runs in the same batch (the session snapshot of a catch-up): one render for both.
   */
  async receive(raw: unknown, alongside?: () => void): Promise<void> {
    const read = raw === null ? null : await this.#readChange(raw).catch(() => null);
    const change = read?.change;
    const running = change && this.#receiving.get(change.version);
    let shown = false;
    batch(() => {
      alongside?.();
      shown = !!change && change.version > this.#version && this.#key === `signed-in:${change.userId}` && change.seq >= this.#since;
      if (!change || !shown) return;
      this.#version = change.version;
      if (read.user && change.body !== this.#body) this.show(read.user, change.body);
    });
    // The same change again (this tab's own call and the host's post): settles with the first.
    if (!change || !shown) {
      await running;
      return;
    }
    const run = this.refetch(change.reads ?? []).then(() => this.#receiving.delete(change.version));
    this.#receiving.set(change.version, run);
    await run;
  }

  /** Shows `user`, read from `body` (this tab's edit answered with it, or the host sent it): newer than any fetch under way. */
  show(user: CurrentUser, body?: string): void {
    this.#pushed += 1;
    this.#body = body;
    this.#set({ status: 'ready', user, error: null });
  }

  /**
   * Fetches again the reads of `keys` (read-keys.ts) this cache holds, keeping their values meanwhile; the others
   * are left alone. Settles when all have answered.
   */
  refetch(keys: readonly string[]): Promise<unknown> {
    return Promise.all([...this.#reads].filter(([id]) => keys.includes(id.split('\n')[0]!)).map(([, read]) => read.fetch()));
  }

  /**
   * The signed-in user's read of `key` in `view` (the same key loaded into another shape), if there is one; `make`
   * makes it on first use, and first fetches it. Its fetches run the `load` of the last reader that made or read it.
   */
  read<T>({ key, view, load }: ReadOptions<T>, make?: boolean): Read<T> | undefined {
    const id = `${key}\n${view}`;
    let read = this.#reads.get(id) as Read<T> | undefined;
    if (!make) return read;
    // Through the user on show: the next fetch reads with the newest user object.
    const fetch = () => load(this.#snapshot.user!);
    if (read) read.load = fetch;
    else {
      const made: Read<T> = new Read(fetch, () => void (this.#reads.get(id) === made && this.#reads.delete(id)));
      this.#reads.set(id, (read = made));
      void made.fetch();
    }
    return read;
  }

  /** The user on show: `loading` until the first answer for the current session, then the user (null: signed out). */
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
    this.#since = session.seq;
    // A new session starts new fetches; a late answer for the old one lands in the old read.
    this.#read = new Read(this.#fetchUser);
    if (this.listeners.size) this.#hold();
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
    const pushed = this.#pushed;
    try {
      const user = await this.#read.refresh();
      // A user the host pushed meanwhile is at least as new: this answer may have left the server before the change.
      if (key === this.#key && pushed === this.#pushed) {
        this.#body = undefined;
        this.#set({ status: 'ready', user, error: null });
      }
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
    if (snapshot.user?.id !== this.#snapshot.user?.id) this.#reads.clear();
    this.#snapshot = snapshot;
    if (snapshot.status === 'ready' && this.#ready) {
      this.#ready.resolve();
      this.#ready = null;
    }
    this.notify();
  }
}

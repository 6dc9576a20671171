// How every tab hears that the signed-in user changed. The host sees each `/users/me` answer it passes on: one that
// differs from the last goes to every tab, with the session's sequence number. A tab whose write changed the user's
// data says which reads it changed (announce): the host asks for the user once, for all tabs, and tells them all.
import type { CatchUpData, UserChangeData } from '../bridge/messages.ts';
import { Subscribable } from '../notify/subscribable.ts';
import type { SessionPublisher } from './broadcast.ts';
import type { SessionHost } from './session-host.ts';

/** A waking tab has the user asked again only when the last answer is older than this (as SWR's focus throttle). */
export const USER_RECHECK_MS = 5_000;

export interface UserFeedDeps {
  host: SessionHost;
  /** Tells the other tabs (the worker: every tab). */
  publisher: Pick<SessionPublisher, 'postUser'>;
  /** GET /users/me as a page's request goes (shared with identical ones in flight); the body, or null on a failure. */
  fetchUser: () => Promise<string | null>;
  now?: () => number;
}

/** Its subscribers (the in-page host's own tab) hear every change, whether or not it goes to other tabs. */
export class UserFeed extends Subscribable<(change: UserChangeData) => void> {
  readonly #deps: UserFeedDeps;
  /** The last `/users/me` body seen, and whose. */
  #last: { userId: string; body: string } | null = null;
  #version = 0;
  /** What a waking tab catches up on: the last change that carried the user, and the version each read was last named in. */
  #latest: UserChangeData | null = null;
  #reads = new Map<string, number>();
  #readsOf: string | null = null;
  #checkedAt = -Infinity;
  /** Announcements under way: a changed answer seen meanwhile goes out with theirs. */
  #holding = 0;

  constructor(deps: UserFeedDeps) {
    super();
    this.#deps = deps;
  }

  get version(): number {
    return this.#version;
  }

  /** A `/users/me` answer for `userId` reached a page (or the host's own check). */
  seen(userId: string, body: string): void {
    this.#checkedAt = this.#now();
    const last = this.#last;
    this.#last = { userId, body };
    // The first answer for a user is what every tab fetched itself on the session change.
    if (!this.#holding && last?.userId === userId && last.body !== body) this.#publish({ body });
  }

  /**
   * A page's write changed `reads` of the signed-in user (`user` among them: the user is asked again, once).
   * `broadcast: false` for another page-hosted tab's hint: this host tells its own tab only.
   */
  async announce(reads: readonly string[], options: { broadcast?: boolean } = {}): Promise<UserChangeData | null> {
    const userId = this.#signedIn();
    if (!userId) return null;
    const before = this.#bodyOf(userId);
    this.#holding += 1;
    if (reads.includes('user')) await this.#check();
    this.#holding -= 1;
    if (this.#signedIn() !== userId) return null;
    const body = this.#bodyOf(userId);
    return this.#publish({ ...(body !== before && body !== undefined ? { body } : {}), reads: [...reads] }, options.broadcast);
  }

  /** What a tab that knows changes up to `version` missed; the user is asked again when the last answer is stale. */
  catchUp(version: number): CatchUpData['user'] {
    const userId = this.#signedIn();
    if (!userId) return null;
    // One check for every tab that wakes within the window: the clock starts when it is sent.
    if (this.#now() - this.#checkedAt >= USER_RECHECK_MS) {
      this.#checkedAt = this.#now();
      void this.#check();
    }
    const latest = this.#latest;
    const body = latest?.userId === userId && latest.version > version ? latest.body : undefined;
    const reads = this.#readsOf === userId ? [...this.#reads].filter(([, at]) => at > version).map(([read]) => read) : [];
    if (body === undefined && reads.length === 0) return null;
    return { seq: this.#deps.host.snapshot.seq, userId, version: this.#version, ...(body === undefined ? {} : { body }), reads };
  }

  async #check(): Promise<void> {
    const userId = this.#signedIn();
    const body = await this.#deps.fetchUser().catch(() => null);
    if (userId && body !== null && this.#signedIn() === userId) this.seen(userId, body);
  }

  #publish(change: Pick<UserChangeData, 'body' | 'reads'>, broadcast = true): UserChangeData {
    const { seq, userId } = this.#deps.host.snapshot;
    this.#version = Math.max(this.#version + 1, this.#now());
    const published: UserChangeData = { seq, userId: userId ?? '', version: this.#version, ...change };
    if (published.body !== undefined) this.#latest = published;
    if (this.#readsOf !== published.userId) this.#reads.clear();
    this.#readsOf = published.userId;
    for (const read of published.reads ?? []) this.#reads.set(read, published.version);
    this.notify(published);
    if (broadcast !== false) this.#deps.publisher.postUser(published);
    return published;
  }

  #bodyOf(userId: string): string | undefined {
    return this.#last?.userId === userId ? this.#last.body : undefined;
  }

  #signedIn(): string | null {
    const { status, userId } = this.#deps.host.snapshot;
    return status === 'signed-in' ? userId : null;
  }

  #now(): number {
    return (this.#deps.now ?? Date.now)();
  }
}

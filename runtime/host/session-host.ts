import type { NetworkStatus, SessionSnapshot } from '../bridge/messages.ts';
import { Subscribable } from '../notify/subscribable.ts';
import { decodeAccessToken } from '../session/jwt.ts';
import { TokenSession } from '../session/token-session.ts';
import type { SessionPublisher } from './broadcast.ts';
import { withTimeout } from './timeout.ts';
import type { TokenVault } from './vault.ts';

export interface EstablishedSession {
  refreshToken: string;
  accessToken: string | null;
  userId: string | null;
}

export interface SessionHostDeps {
  vault: TokenVault;
  /** Tells the other tabs (in the worker: every tab). */
  broadcaster: Pick<SessionPublisher, 'post'>;
  refreshAccessToken: (refreshToken: string) => Promise<string | null>;
  timeoutMs: number;
  now?: () => number;
}

/**
 * Owns the one session of the origin, in the worker (or the page without one). Memory first: storage is read
 * once per lifetime and written only when the session changes, never on the request path.
 */
export class SessionHost extends Subscribable<(snapshot: SessionSnapshot) => void> {
  readonly #deps: SessionHostDeps;
  #session: TokenSession | null = null;
  #userId: string | null = null;
  #loaded: Promise<void> | null = null;
  #snapshot: SessionSnapshot;
  /** Server clock minus ours, learnt from each token's `iat`: expiry is judged on the server's clock. */
  #clockOffsetMs = 0;
  /** The wipe a rejected refresh started, for callers that must wait for it. */
  #ending: Promise<unknown> = Promise.resolve();

  constructor(deps: SessionHostDeps) {
    super();
    this.#deps = deps;
    this.#snapshot = { status: 'loading', userId: null, network: 'online', seq: this.#nextSeq(0) };
  }

  get snapshot(): SessionSnapshot {
    return this.#snapshot;
  }

  /** The live session, or null when signed out. Call `ensureLoaded()` first. */
  get session(): TokenSession | null {
    return this.#session;
  }

  ensureLoaded(): Promise<void> {
    this.#loaded ??= this.#load();
    return this.#loaded;
  }

  /** Adopts a new session (memory, storage, every tab); resolves to the snapshot it published. */
  async establish(next: EstablishedSession): Promise<SessionSnapshot> {
    await this.ensureLoaded();
    this.#adopt(next);
    await withTimeout(
      this.#deps.vault.save({ refreshToken: next.refreshToken, userId: next.userId }),
      this.#deps.timeoutMs,
      'saving the session',
    ).catch((error: unknown) => console.warn('[authworker] the session could not be stored; it lasts while the worker runs', error));
    if (next.accessToken) await this.#deps.vault.saveAccessToken?.(next.refreshToken, next.accessToken).catch(() => undefined);
    this.#publish({ status: 'signed-in', userId: next.userId });
    return this.#snapshot;
  }

  /** Forgets the session at once: memory, storage and every tab. Returns what was dropped. */
  async wipe(): Promise<TokenSession | null> {
    await this.ensureLoaded();
    const dropped = this.#session;
    this.#session = null;
    this.#userId = null;
    const cleared = withTimeout(this.#deps.vault.clear(), this.#deps.timeoutMs, 'clearing the session').catch((error: unknown) =>
      console.warn('[authworker] stored session could not be cleared', error),
    );
    this.#publish({ status: 'signed-out', userId: null }, { stored: cleared });
    await cleared;
    return dropped;
  }

  /**
   * The server found no user behind `session`'s access token (a user deleted on the server): a session check.
   * Refreshes once; a refused refresh (the user's refresh tokens went with it) signs out everywhere. Resolves
   * true when the session is still good, false when it ended; a refresh that could not be sent keeps it.
   */
  async recheckUser(session: TokenSession): Promise<boolean> {
    const accessToken = session.accessToken;
    if (accessToken) session.markAccessTokenExpired(accessToken);
    // A refresh that could not be sent (offline) proves nothing: keep the session.
    if ((await session.getTokens().catch(() => true)) !== null) return true;
    await this.#ending;
    return false;
  }

  get clockOffsetMs(): number {
    return this.#clockOffsetMs;
  }

  /**
   * The store changed under us: another tab's host said so on the hint channel (page-hosted mode), or the
   * cookie store changed (another tab, or the official client on the same domain). Adopt the stored session or
   * drop ours: the state comes from storage, never from the message. `broadcast: false` for a hint that came
   * from another tab, whose own hint already reached the rest.
   */
  async syncFromStore(options: { broadcast?: boolean } = {}): Promise<void> {
    await this.ensureLoaded();
    const stored = await withTimeout(this.#deps.vault.load(), this.#deps.timeoutMs, 'loading the session').catch(() => null);
    if (!stored) {
      if (this.#session) {
        this.#session = null;
        this.#userId = null;
        this.#publish({ status: 'signed-out', userId: null }, options);
      }
      return;
    }
    if (stored.refreshToken !== this.#session?.refreshToken && this.#tryAdopt({ refreshToken: stored.refreshToken, accessToken: null, userId: stored.userId })) {
      this.#publish({ status: 'signed-in', userId: stored.userId }, options);
    }
  }

  setNetwork(network: NetworkStatus): void {
    if (network !== this.#snapshot.network) this.#publish({ network });
  }

  async #load(): Promise<void> {
    let stored = null;
    try {
      stored = await withTimeout(this.#deps.vault.load(), this.#deps.timeoutMs, 'loading the session');
    } catch (error) {
      console.warn('[authworker] stored session unreadable; starting signed out', error);
    }
    if (stored && this.#tryAdopt({ refreshToken: stored.refreshToken, accessToken: stored.accessToken ?? null, userId: stored.userId })) {
      this.#publish({ status: 'signed-in', userId: stored.userId });
    } else {
      this.#publish({ status: 'signed-out', userId: null });
    }
  }

  #tryAdopt(next: EstablishedSession): boolean {
    try {
      this.#adopt(next);
      return true;
    } catch (error) {
      console.warn('[authworker] stored session refused; starting signed out', error);
      void this.#deps.vault.clear().catch(() => undefined);
      return false;
    }
  }

  #adopt(next: EstablishedSession): void {
    if (next.accessToken) this.#learnClock(next.accessToken);
    const session = new TokenSession({
      refreshToken: next.refreshToken,
      accessToken: next.accessToken,
      refreshAccessToken: async (refreshToken) => {
        const accessToken = await this.#deps.refreshAccessToken(refreshToken);
        if (accessToken) {
          this.#learnClock(accessToken);
          void this.#deps.vault.saveAccessToken?.(refreshToken, accessToken).catch(() => undefined);
        }
        return accessToken;
      },
      now: () => this.#localNow() + this.#clockOffsetMs,
    });
    session.subscribe((event) => {
      // A rejected refresh ends the session for every tab; ignore sessions already replaced.
      if (event.type === 'invalid' && this.#session === session) this.#ending = this.wipe();
    });
    this.#session = session;
    this.#userId = next.userId;
  }

  #publish(change: Partial<Omit<SessionSnapshot, 'seq'>>, options: { broadcast?: boolean; stored?: Promise<unknown> } = {}): void {
    this.#snapshot = { ...this.#snapshot, ...change, userId: change.userId !== undefined ? change.userId : this.#userId, seq: this.#nextSeq(this.#snapshot.seq) };
    // Subscribers get every snapshot this host publishes, whether or not it goes to other tabs (the in-page host's own tab).
    this.notify(this.#snapshot);
    if (options.broadcast !== false) this.#deps.broadcaster.post(this.#snapshot, options.stored ?? Promise.resolve());
  }

  // `iat` has one-second resolution and the response took a while: small offsets are noise.
  #learnClock(accessToken: string): void {
    const iat = decodeAccessToken(accessToken)?.iat;
    if (typeof iat !== 'number') return;
    const offset = iat * 1000 - this.#localNow();
    this.#clockOffsetMs = Math.abs(offset) > 5_000 ? offset : 0;
  }

  #localNow(): number {
    return (this.#deps.now ?? Date.now)();
  }

  // Sequence numbers grow with time too, so a restarted worker never goes backwards.
  #nextSeq(previous: number): number {
    return Math.max(previous + 1, this.#localNow());
  }
}

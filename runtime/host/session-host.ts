import type { NetworkStatus, SessionSnapshot } from '../bridge/messages.ts';
import { decodeAccessToken } from '../session/jwt.ts';
import { TokenSession } from '../session/token-session.ts';
import type { SessionSnapshot as Snapshot } from '../bridge/messages.ts';
import { withTimeout } from './timeout.ts';
import type { TokenVault } from './vault.ts';

export interface EstablishedSession {
  refreshToken: string;
  accessToken: string | null;
  userId: string | null;
}

export interface SessionHostDeps {
  vault: TokenVault;
  broadcaster: { post(snapshot: Snapshot): void };
  refreshAccessToken: (refreshToken: string) => Promise<string | null>;
  timeoutMs: number;
  now?: () => number;
}

/**
 * Owns the one session of the origin inside the worker. Memory first: storage is read once per
 * worker lifetime and written only when the session changes, never on the request path.
 */
export class SessionHost {
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

  async establish(next: EstablishedSession): Promise<void> {
    await this.ensureLoaded();
    this.#adopt(next);
    await withTimeout(
      this.#deps.vault.save({ refreshToken: next.refreshToken, userId: next.userId }),
      this.#deps.timeoutMs,
      'saving the session',
    ).catch((error: unknown) => console.warn('[authworker] the session could not be stored; it lasts while the worker runs', error));
    if (next.accessToken) await this.#deps.vault.saveAccessToken?.(next.refreshToken, next.accessToken).catch(() => undefined);
    this.#publish({ status: 'signed-in', userId: next.userId });
  }

  /** Forgets the session at once: memory, storage and every tab. Returns what was dropped. */
  async wipe(): Promise<TokenSession | null> {
    await this.ensureLoaded();
    const dropped = this.#session;
    this.#session = null;
    this.#userId = null;
    this.#publish({ status: 'signed-out', userId: null });
    await withTimeout(this.#deps.vault.clear(), this.#deps.timeoutMs, 'clearing the session').catch((error: unknown) =>
      console.warn('[authworker] stored session could not be cleared', error),
    );
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
    try {
      if ((await session.getTokens()) !== null) return true;
    } catch (error) {
      console.warn('[authworker] could not check the session after the server found no user', error);
      return true;
    }
    await this.#ending;
    return false;
  }

  get clockOffsetMs(): number {
    return this.#clockOffsetMs;
  }

  /**
   * Page-hosted mode: another tab's host changed the session. Follow it without re-broadcasting:
   * drop ours on sign-out, re-read storage on sign-in.
   */
  async followRemote(remote: SessionSnapshot): Promise<void> {
    await this.ensureLoaded();
    if (remote.status === 'signed-out' && this.#session) {
      this.#session = null;
      this.#userId = null;
      this.#publish({ status: 'signed-out', userId: null }, { broadcast: false });
    } else if (remote.status === 'signed-in') {
      const stored = await withTimeout(this.#deps.vault.load(), this.#deps.timeoutMs, 'loading the session').catch(() => null);
      if (stored && stored.refreshToken !== this.#session?.refreshToken && this.#tryAdopt({ refreshToken: stored.refreshToken, accessToken: null, userId: stored.userId })) {
        this.#publish({ status: 'signed-in', userId: stored.userId }, { broadcast: false });
      }
    }
  }

  /**
   * The store changed under us (cookie mode: another tab, or the official client on the same
   * domain): adopt its session or drop ours, and tell this tab's store (other tabs' hosts follow
   * the broadcast without re-broadcasting it).
   */
  async syncFromStore(): Promise<void> {
    await this.ensureLoaded();
    const stored = await withTimeout(this.#deps.vault.load(), this.#deps.timeoutMs, 'loading the session').catch(() => null);
    if (!stored) {
      if (this.#session) {
        this.#session = null;
        this.#userId = null;
        this.#publish({ status: 'signed-out', userId: null });
      }
      return;
    }
    if (stored.refreshToken !== this.#session?.refreshToken && this.#tryAdopt({ refreshToken: stored.refreshToken, accessToken: null, userId: stored.userId })) {
      this.#publish({ status: 'signed-in', userId: stored.userId });
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
    if (stored && this.#tryAdopt({ refreshToken: stored.refreshToken, accessToken: null, userId: stored.userId })) {
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

  #publish(change: Partial<Omit<SessionSnapshot, 'seq'>>, options: { broadcast?: boolean } = {}): void {
    this.#snapshot = { ...this.#snapshot, ...change, userId: change.userId !== undefined ? change.userId : this.#userId, seq: this.#nextSeq(this.#snapshot.seq) };
    if (options.broadcast !== false) this.#deps.broadcaster.post(this.#snapshot);
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

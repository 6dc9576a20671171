// The session core: one refresh token, a cached access token, single-flight refresh,
// and an invalid state that is never left. Hosted by the service worker, or by the page in fallback mode.

import type { SessionTokens } from '../http/session-like.ts';
import { Subscribable } from '../notify/subscribable.ts';
import { accessTokenExpiresAt, decodeAccessToken } from './jwt.ts';

export type { SessionTokens } from '../http/session-like.ts';

const DEFAULT_MIN_MILLIS_LEFT = 20_000;
/** The margin, not the token lifetime, is capped: access tokens are assumed to live well over a minute. */
const MAX_MIN_MILLIS_LEFT = 60_000;

export type SessionEvent = { type: 'refreshed'; accessToken: string } | { type: 'invalid' };

export interface TokenSessionOptions {
  refreshToken: string | null;
  accessToken?: string | null;
  /** Resolves to a new access token, or null when the refresh token was rejected (the session is then invalid). */
  refreshAccessToken: (refreshToken: string) => Promise<string | null>;
  now?: () => number;
}

export class TokenSession extends Subscribable<(event: SessionEvent) => void> {
  readonly refreshToken: string | null;
  #accessToken: string | null;
  #knownInvalid: boolean;
  #refreshing: Promise<string | null> | null = null;
  readonly #refreshAccessToken: (refreshToken: string) => Promise<string | null>;
  readonly #now: () => number;

  constructor(opts: TokenSessionOptions) {
    super();
    this.refreshToken = givenToken(opts.refreshToken, 'Refresh token');
    this.#accessToken = givenToken(opts.accessToken, 'Access token');
    this.#refreshAccessToken = opts.refreshAccessToken;
    this.#now = opts.now ?? Date.now;
    this.#knownInvalid = this.refreshToken === null && this.#accessToken === null;
  }

  /** The cached access token (possibly expired); null once the session is invalid. */
  get accessToken(): string | null {
    return this.#accessToken;
  }

  get isKnownInvalid(): boolean {
    return this.#knownInvalid;
  }

  /**
   * Tokens whose access token has at least `minMillisLeft` to live, refreshing first when needed. Every
   * concurrent caller shares one refresh. null = no usable session (no refresh token, or invalid).
   */
  async getTokens(minMillisLeft: number = DEFAULT_MIN_MILLIS_LEFT): Promise<SessionTokens | null> {
    if (minMillisLeft >= MAX_MIN_MILLIS_LEFT) {
      throw new RangeError(
        `Required access token expiry ${minMillisLeft}ms is too long; access tokens are too short to be used for more than ${MAX_MIN_MILLIS_LEFT}ms`,
      );
    }
    // Without a refresh token a session yields no tokens at all, even if it was given an access token.
    const refreshToken = this.refreshToken;
    if (refreshToken === null || this.#knownInvalid) return null;

    const cached = this.#accessToken;
    if (cached !== null && this.#millisLeft(cached) >= minMillisLeft) {
      return { accessToken: cached, refreshToken };
    }

    const fresh = await this.#sharedRefresh(refreshToken);
    // A sign-out (markInvalid) while the refresh was in flight wins over its result.
    if (fresh === null || this.#knownInvalid) return null;
    const left = this.#millisLeft(fresh);
    if (left < minMillisLeft) {
      throw new Error(
        `Required access token expiry ${minMillisLeft}ms is too long; access tokens are too short when they're generated (${left}ms)`,
      );
    }
    return { accessToken: fresh, refreshToken };
  }

  /** Drops the cached token so the next getTokens refreshes; a token already replaced is ignored. */
  markAccessTokenExpired(accessToken: string): void {
    if (this.#accessToken === accessToken) this.#accessToken = null;
  }

  /** Final: clears the access token and tells subscribers once. */
  markInvalid(): void {
    this.#accessToken = null;
    this.#refreshing = null;
    if (this.#knownInvalid) return;
    this.#knownInvalid = true;
    this.notify({ type: 'invalid' });
  }

  #millisLeft(accessToken: string): number {
    const expiresAt = accessTokenExpiresAt(accessToken);
    return expiresAt === null ? Infinity : expiresAt - this.#now();
  }

  #sharedRefresh(refreshToken: string): Promise<string | null> {
    if (this.#refreshing) return this.#refreshing;
    const refreshing = this.#runRefresh(refreshToken);
    this.#refreshing = refreshing;
    // Cleared on failure too: a rejected refresh must not stay cached (the 2.8 SDK's stuck-session bug).
    const clear = (): void => {
      if (this.#refreshing === refreshing) this.#refreshing = null;
    };
    refreshing.then(clear, clear);
    return refreshing;
  }

  async #runRefresh(refreshToken: string): Promise<string | null> {
    const accessToken = await this.#refreshAccessToken(refreshToken);
    if (this.#knownInvalid) return null;
    if (accessToken === null) {
      this.markInvalid();
      return null;
    }
    if (accessToken === 'undefined' || accessToken === '') {
      throw new Error(`Refreshed access token is ${JSON.stringify(accessToken)}; the refresh endpoint answered nonsense`);
    }
    if (decodeAccessToken(accessToken) === null) {
      throw new Error('Refreshed access token is not a parsable JWT');
    }
    this.#accessToken = accessToken;
    this.notify({ type: 'refreshed', accessToken });
    return accessToken;
  }
}

/**
 * A token an app handed over: an empty one means absent, as in the SDK; the literal 'undefined'
 * (stringified from a missing value) and a non-string are caller bugs, refused loudly.
 */
export function givenToken(token: string | null | undefined, what: 'Access token' | 'Refresh token'): string | null {
  if (token === 'undefined') {
    throw new TypeError(`${what} is the string 'undefined'; it's unlikely this is the correct value`);
  }
  if (token != null && typeof token !== 'string') throw new TypeError(`${what} must be a string`);
  return token || null;
}

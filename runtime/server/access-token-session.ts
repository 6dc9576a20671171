// A forwarded session that is only an access token. authworker pages never hold the refresh token (the
// service worker keeps it), so their backends receive `Authorization: Bearer <access token>`; such a
// session cannot be refreshed and ends when the token expires or the backend rejects it.

import type { SessionLike, SessionTokens } from '../http/pipeline.ts';
import { accessTokenExpiresAt } from '../session/jwt.ts';

export class AccessTokenOnlySession implements SessionLike {
  #accessToken: string | null;
  readonly #now: () => number;

  constructor(accessToken: string | null, now: () => number = Date.now) {
    this.#accessToken = accessToken === 'undefined' ? null : accessToken;
    this.#now = now;
  }

  async getTokens(minMillisLeft = 0): Promise<SessionTokens | null> {
    const token = this.#accessToken;
    if (token === null) return null;
    const expiresAt = accessTokenExpiresAt(token);
    if (expiresAt !== null && expiresAt - this.#now() < minMillisLeft) return null;
    // Empty refresh token: the pipeline only ever sends the access token for such a session.
    return { accessToken: token, refreshToken: '' };
  }

  markAccessTokenExpired(accessToken: string): void {
    if (this.#accessToken === accessToken) this.#accessToken = null;
  }
}

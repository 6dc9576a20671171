// What the pipeline needs from a session. Declared here (not in runtime/session) so http does not import
// upwards: protocol <- http <- session.

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

export interface SessionLike {
  /** Tokens with at least `minMillisLeft` of access-token life, refreshing first if needed; null = no usable session. */
  getTokens(minMillisLeft?: number): Promise<SessionTokens | null>;
  /** Drops the cached access token if it is still `accessToken`, so the next getTokens refreshes. */
  markAccessTokenExpired(accessToken: string): void;
}

// The session core: token pair, 20 s margin, single-flight refresh, invalidation, and the refresh grant.

export { accessTokenExpiresAt, decodeAccessToken, type AccessTokenClaims } from './jwt.ts';
export {
  DEFAULT_MIN_MILLIS_LEFT,
  MAX_MIN_MILLIS_LEFT,
  TokenSession,
  type SessionEvent,
  type SessionTokens,
  type TokenSessionOptions,
} from './token-session.ts';
export { requestRefreshGrant, type RefreshGrantConfig } from './refresh-grant.ts';

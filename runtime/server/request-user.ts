// The signed-in user of a request to the app's own backend: GET /users/me (server view) with the forwarded
// tokens.

import { ENDPOINTS } from '../protocol/endpoints.ts';
import { toServerUser, type ServerUserData } from '../protocol/schemas/user.ts';
import { ACCESS_TOKEN_MARGIN_MS } from '../http/pipeline.ts';
import { callEndpoint, orNullOn, type AppContext, type ForwardedTokens } from './context.ts';
import { isRequestLike, tokensFromRequest, type RequestLike } from '../protocol/forwarded-session.ts';

export type TokenStoreInput = RequestLike | ForwardedTokens;

export function forwardedTokensOf(ctx: AppContext, tokenStore: TokenStoreInput): ForwardedTokens {
  return isRequestLike(tokenStore) ? tokensFromRequest(tokenStore, ctx.projectId) : tokenStore;
}

/**
 * null when the request carries no usable session (no tokens, an expired lone access token, a refused
 * refresh) or the backend resolves no user (CANNOT_GET_OWN_USER_WITHOUT_USER, e.g. a deleted user or a
 * rejected token). Other errors propagate.
 */
export async function getUserWithTokens(ctx: AppContext, forwarded: ForwardedTokens): Promise<ServerUserData | null> {
  // A tampered, foreign or expired access token is dropped here, without a round trip; the refresh
  // token (when forwarded) then gets a fresh one.
  let tokens = forwarded;
  if (tokens.accessToken && !(await ctx.verifyAccessToken(tokens.accessToken))) tokens = { ...tokens, accessToken: null };
  const session = ctx.forwardedSession(tokens);
  // No request at all when there is nothing usable to send.
  if ((await session.getTokens(ACCESS_TOKEN_MARGIN_MS)) === null) return null;
  return orNullOn('CANNOT_GET_OWN_USER_WITHOUT_USER', async () => toServerUser(await callEndpoint(ctx, ENDPOINTS.usersMe, { session })));
}

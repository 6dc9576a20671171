// Connected OAuth accounts of any user: the provider access token, or null when the
// user has no such connection or it lacks the scopes.

import { ENDPOINTS } from '../protocol/endpoints.ts';
import { isMissingConnectionError, type OAuthConnection } from '../protocol/oauth-connection.ts';
import { callEndpoint, type AppContext } from './context.ts';

export type { OAuthConnection };

export interface GetConnectedAccountOptions {
  /** Provider scopes the token must cover. */
  scopes?: string[];
}

async function requestProviderToken(ctx: AppContext, userId: string, providerId: string, scope: string): Promise<string> {
  const wire = await callEndpoint(ctx, ENDPOINTS.connectedAccountAccessToken, {
    params: { user_id: userId, provider_id: providerId },
    body: { scope },
  });
  return wire.access_token;
}

export async function getConnectedAccount(
  ctx: AppContext,
  userId: string,
  providerId: string,
  options: GetConnectedAccountOptions = {},
): Promise<OAuthConnection | null> {
  // The SDK joins scopes with spaces and sends "" when there are none.
  const scope = (options.scopes ?? []).join(' ');
  let accessToken: string;
  try {
    accessToken = await requestProviderToken(ctx, userId, providerId, scope);
  } catch (error) {
    if (isMissingConnectionError(error)) return null;
    throw error;
  }
  return {
    id: providerId,
    accessToken,
    getAccessToken: async () => ({ accessToken: await requestProviderToken(ctx, userId, providerId, scope) }),
  };
}

// Connected OAuth accounts of any user (protocol.md §7.5, §13.3): the provider access token, or null when the
// user has no such connection or it lacks the scopes.

import { ENDPOINTS } from '../protocol/endpoints.ts';
import { isKnownErrorOf } from '../protocol/errors.ts';
import { callEndpoint, type AppContext } from './context.ts';

export interface GetConnectedAccountOptions {
  /** Provider scopes the token must cover. */
  scopes?: string[];
}

export interface OAuthConnection {
  /** The provider id, e.g. 'github'. */
  id: string;
  /** The token fetched when the connection was looked up. */
  accessToken: string;
  /** Asks the backend again (it refreshes the provider token when it has less than 5 minutes left). */
  getAccessToken(): Promise<{ accessToken: string }>;
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
    if (isKnownErrorOf(error, 'OAUTH_CONNECTION_NOT_CONNECTED_TO_USER') || isKnownErrorOf(error, 'OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE')) {
      return null;
    }
    throw error;
  }
  return {
    id: providerId,
    accessToken,
    getAccessToken: async () => ({ accessToken: await requestProviderToken(ctx, userId, providerId, scope) }),
  };
}

// The signed-in user's connected OAuth accounts: a provider access token with the
// scopes asked for, or null when there is no such connection (or it lacks the scopes), or a link flow.
import { isMissingConnectionError, type OAuthConnection } from '../../protocol/oauth-connection.ts';
import type { ClientContext } from '../app/context.ts';
import { linkOAuthAccount } from '../sign-in/oauth.ts';
import * as api from '../../protocol/contract/api.generated.ts';
import { apiCall } from '../backend/api-call.ts';

export type { OAuthConnection };

export interface GetConnectedAccountOptions {
  /** Provider scopes the token must cover. */
  scopes?: string[];
  /** 'redirect': link the account (with the scopes) when it is missing, instead of answering null. */
  or?: 'redirect' | 'return-null';
}

async function requestProviderToken(ctx: ClientContext, providerId: string, scope: string): Promise<string> {
  const [body, wire] = await Promise.all([
    ctx.transport.sendJson(apiCall(api.connectedAccountAccessToken, { params: { user_id: 'me', provider_id: providerId }, json: { scope } })),
    import('./entity-wire.ts'),
  ]);
  return wire.readProviderAccessToken(body);
}

export async function getConnectedAccount(ctx: ClientContext, providerId: string, options: GetConnectedAccountOptions = {}): Promise<OAuthConnection | null> {
  // The SDK joins scopes with spaces and sends "" when there are none.
  const scope = (options.scopes ?? []).join(' ');
  let accessToken: string;
  try {
    accessToken = await requestProviderToken(ctx, providerId, scope);
  } catch (error) {
    if (!isMissingConnectionError(error)) throw error;
    if (options.or !== 'redirect') return null;
    await linkOAuthAccount(ctx, providerId, { scopes: options.scopes ?? [] });
    // The browser is leaving for the provider: nothing to resolve to.
    return new Promise<never>(() => undefined);
  }
  return {
    id: providerId,
    accessToken,
    getAccessToken: async () => ({ accessToken: await requestProviderToken(ctx, providerId, scope) }),
  };
}

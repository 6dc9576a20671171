import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../protocol/endpoints.ts';
import { KnownErrors } from '../protocol/errors/index.ts';
import { getConnectedAccount } from './connected-accounts.ts';
import { expectBodyAccepted, expectCall, serverTestContext, USER_ID } from '../../testing/runtime/server.ts';

describe('getConnectedAccount', () => {
  it('asks for the provider token with the scopes joined by spaces', async () => {
    const { ctx, calls } = serverTestContext(new Response(JSON.stringify({ access_token: 'gho_1' }), { status: 201 }), { access_token: 'gho_2' });
    const connection = await getConnectedAccount(ctx, USER_ID, 'github', { scopes: ['repo', 'read:user'] });
    expectCall(calls[0], 'POST', `/connected-accounts/${USER_ID}/github/access-token`, { scope: 'repo read:user' });
    expectBodyAccepted(ENDPOINTS.connectedAccountAccessToken, 'server', calls[0]);
    expect(connection?.id).toBe('github');
    expect(connection?.accessToken).toBe('gho_1');
    expect(await connection?.getAccessToken()).toEqual({ accessToken: 'gho_2' });
  });

  it('sends an empty scope when none is asked for', async () => {
    const { ctx, calls } = serverTestContext({ access_token: 't' });
    await getConnectedAccount(ctx, USER_ID, 'google');
    expectCall(calls[0], 'POST', `/connected-accounts/${USER_ID}/google/access-token`, { scope: '' });
  });

  it.each(['OAUTH_CONNECTION_NOT_CONNECTED_TO_USER', 'OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE'] as const)('maps %s to null', async (code) => {
    const { ctx } = serverTestContext({ knownError: code });
    expect(await getConnectedAccount(ctx, USER_ID, 'github')).toBeNull();
  });

  it('throws other errors', async () => {
    const { ctx } = serverTestContext({ knownError: 'OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED' });
    await expect(getConnectedAccount(ctx, USER_ID, 'github')).rejects.toBeInstanceOf(KnownErrors.OAuthProviderNotFoundOrNotEnabled);
  });
});

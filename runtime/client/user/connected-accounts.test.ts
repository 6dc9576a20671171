import { describe, expect, it } from 'vitest';
import { createKnownError } from '../../protocol/errors/classes.ts';
import type { ApiCall } from '../backend/api-transport.ts';
import { getConnectedAccount } from './connected-accounts.ts';
import type { ClientContext } from '../app/context.ts';

/** A client context whose API answers come from `answer`; every call is recorded. */
function contextAnswering(answer: (call: ApiCall) => unknown): { ctx: ClientContext; calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  const transport = {
    sendJson: async (call: ApiCall) => {
      calls.push(call);
      const value = answer(call);
      if (value instanceof Error) throw value;
      return value;
    },
  };
  const ctx = { transport, currentUrl: () => null, oauthScopesOnSignIn: {} } as unknown as ClientContext;
  return { ctx, calls };
}

describe('getConnectedAccount (client)', () => {
  it("asks for the signed-in user's provider token with the scopes joined by spaces", async () => {
    let n = 0;
    const { ctx, calls } = contextAnswering(() => ({ access_token: `gho-${++n}` }));
    const connection = await getConnectedAccount(ctx, 'github', { scopes: ['repo', 'read:user'] });
    expect(connection).toMatchObject({ id: 'github', accessToken: 'gho-1' });
    expect(calls).toEqual([{ path: '/connected-accounts/me/github/access-token', method: 'POST', json: { scope: 'repo read:user' } }]);
    // getAccessToken asks again (the backend refreshes a provider token that is about to expire).
    await expect(connection?.getAccessToken()).resolves.toEqual({ accessToken: 'gho-2' });
  });

  it('sends an empty scope when none is asked for, and escapes the provider id', async () => {
    const { ctx, calls } = contextAnswering(() => ({ access_token: 't' }));
    await getConnectedAccount(ctx, 'a/b');
    expect(calls[0]).toMatchObject({ path: '/connected-accounts/me/a%2Fb/access-token', json: { scope: '' } });
  });

  it.each(['OAUTH_CONNECTION_NOT_CONNECTED_TO_USER', 'OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE'] as const)('answers null on %s', async (code) => {
    const { ctx } = contextAnswering(() => createKnownError(code));
    await expect(getConnectedAccount(ctx, 'github')).resolves.toBeNull();
  });

  it('throws any other error, e.g. shared OAuth keys that give no tokens', async () => {
    const { ctx } = contextAnswering(() => createKnownError('OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS'));
    await expect(getConnectedAccount(ctx, 'github')).rejects.toMatchObject({ code: 'OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS' });
  });

  it("with or: 'redirect' starts the link flow instead of answering null (which needs a browser page)", async () => {
    const { ctx } = contextAnswering(() => createKnownError('OAUTH_CONNECTION_NOT_CONNECTED_TO_USER'));
    await expect(getConnectedAccount(ctx, 'github', { or: 'redirect', scopes: ['repo'] })).rejects.toThrow('linking an OAuth account needs a browser page');
  });

  it('rejects an answer that is not a token response', async () => {
    const { ctx } = contextAnswering(() => ({ token: 'x' }));
    await expect(getConnectedAccount(ctx, 'github')).rejects.toThrow();
  });
});

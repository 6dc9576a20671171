import { describe, expect, it } from 'vitest';
import { fakeFetch, knownErrorResponse } from '../../testing/runtime/http.ts';
import { KnownErrors } from '../protocol/errors/index.ts';
import { getUserWithTokens } from './request-user.ts';
import { createServerContext } from './server-context.ts';
import { API, PROJECT_ID, SECRET_SERVER_KEY, apiPath, jsonResponse, serverTestContext, serverUserWire, tokenExpiringIn } from '../../testing/runtime/server.ts';

const freshToken = () => tokenExpiringIn(Date.now(), 600_000);

describe('getUserWithTokens', () => {
  it('calls GET /users/me with the server key and the forwarded access token', async () => {
    const { ctx, calls } = serverTestContext(serverUserWire);
    const at = freshToken();
    const user = await getUserWithTokens(ctx, { accessToken: at, refreshToken: 'rt' });
    expect(user?.id).toBe(serverUserWire.id);
    expect(user?.serverMetadata).toEqual({ managedProjectIds: [] });
    expect(apiPath(calls[0]!)).toBe('/users/me');
    expect(calls[0]?.headers.get('x-stack-access-type')).toBe('server');
    expect(calls[0]?.headers.get('x-stack-secret-server-key')).toBe(SECRET_SERVER_KEY);
    expect(calls[0]?.headers.get('x-stack-access-token')).toBe(at);
  });

  it('sends nothing without tokens, or with a lone access token that expired', async () => {
    const { ctx, calls } = serverTestContext(serverUserWire);
    expect(await getUserWithTokens(ctx, { accessToken: null, refreshToken: null })).toBeNull();
    expect(await getUserWithTokens(ctx, { accessToken: tokenExpiringIn(Date.now(), -1), refreshToken: null })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('uses a lone access token (an authworker page has no refresh token) until the backend rejects it', async () => {
    const { ctx, calls } = serverTestContext(serverUserWire, { knownError: 'UNPARSABLE_ACCESS_TOKEN' }, { knownError: 'CANNOT_GET_OWN_USER_WITHOUT_USER' });
    const at = freshToken();
    expect((await getUserWithTokens(ctx, { accessToken: at, refreshToken: null }))?.id).toBe(serverUserWire.id);
    expect(calls[0]?.headers.get('x-stack-access-token')).toBe(at);
    expect(calls[0]?.headers.get('x-stack-refresh-token')).toBeNull();
    // Rejected: no refresh is possible, so the retry goes without a token and finds no user.
    expect(await getUserWithTokens(ctx, { accessToken: at, refreshToken: null })).toBeNull();
    expect(calls[2]?.headers.get('x-stack-access-token')).toBeNull();
  });

  it('maps CANNOT_GET_OWN_USER_WITHOUT_USER (e.g. a deleted user) to null', async () => {
    const { ctx } = serverTestContext({ knownError: 'CANNOT_GET_OWN_USER_WITHOUT_USER' });
    expect(await getUserWithTokens(ctx, { accessToken: freshToken(), refreshToken: 'rt' })).toBeNull();
  });

  it('propagates other errors (a wrong server key)', async () => {
    const { ctx } = serverTestContext({ knownError: 'INVALID_SECRET_SERVER_KEY', details: { project_id: PROJECT_ID } });
    await expect(getUserWithTokens(ctx, { accessToken: freshToken(), refreshToken: 'rt' })).rejects.toBeInstanceOf(KnownErrors.InvalidSecretServerKey);
  });

  it('refreshes an expired forwarded token with the refresh grant when a publishable key is configured', async () => {
    const refreshed = freshToken();
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url.endsWith('/auth/oauth/token')) {
        return jsonResponse({ access_token: refreshed, token_type: 'Bearer', expires_in: 3600, scope: 'legacy' });
      }
      return jsonResponse(serverUserWire);
    });
    const ctx = createServerContext({ projectId: PROJECT_ID, secretServerKey: SECRET_SERVER_KEY, publishableClientKey: 'pck_1', baseUrl: API, fetch, verifyAccessTokens: false });
    const user = await getUserWithTokens(ctx, { accessToken: tokenExpiringIn(Date.now(), -1000), refreshToken: 'rt-9' });
    expect(user?.id).toBe(serverUserWire.id);
    expect(calls[0]?.url).toBe(`${API}/api/v1/auth/oauth/token`);
    const form = new URLSearchParams(String(calls[0]?.init.body));
    expect(Object.fromEntries(form)).toEqual({ grant_type: 'refresh_token', refresh_token: 'rt-9', client_id: PROJECT_ID, client_secret: 'pck_1' });
    expect(calls[1]?.headers.get('x-stack-access-token')).toBe(refreshed);
  });

  it('retries /users/me once with a refreshed token after an invalid-access-token answer', async () => {
    const refreshed = freshToken();
    const stale = freshToken() + 'x';
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url.endsWith('/auth/oauth/token')) return jsonResponse({ access_token: refreshed, token_type: 'Bearer' });
      return call.headers.get('x-stack-access-token') === refreshed ? jsonResponse(serverUserWire) : knownErrorResponse('UNPARSABLE_ACCESS_TOKEN');
    });
    const ctx = createServerContext({ projectId: PROJECT_ID, secretServerKey: SECRET_SERVER_KEY, publishableClientKey: 'pck_1', baseUrl: API, fetch, verifyAccessTokens: false });
    expect((await getUserWithTokens(ctx, { accessToken: stale, refreshToken: 'rt' }))?.id).toBe(serverUserWire.id);
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/v1/users/me', '/api/v1/auth/oauth/token', '/api/v1/users/me']);
  });

  it('without a publishable key an expired forwarded token means no user', async () => {
    const { ctx, calls } = serverTestContext(serverUserWire);
    expect(await getUserWithTokens(ctx, { accessToken: tokenExpiringIn(Date.now(), -1000), refreshToken: 'rt' })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});

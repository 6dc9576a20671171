import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../testing/runtime/http.ts';
import { createServerContext, resolveSettings } from './server-context.ts';
import { API, PROJECT_ID, jsonResponse, tokenExpiringIn } from '../../testing/runtime/server.ts';

describe('createServerContext', () => {
  it('is a server-typed context on the configured project', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ ok: 1 }));
    const ctx = createServerContext({ projectId: PROJECT_ID, secretServerKey: 'ssk', baseUrl: API, fetch });
    expect(ctx.projectId).toBe(PROJECT_ID);
    expect(ctx.accessType).toBe('server');
    await ctx.transport.sendJson({ path: '/x' }, { parse: (d) => d });
    expect(calls[0]?.headers.get('x-stack-access-type')).toBe('server');
    // The SDK's fetch options; a server has no CORS preflight cache to keep.
    expect(calls[0]?.init.credentials).toBe('omit');
    expect(calls[0]?.init.cache).toBe('no-store');
  });

  it('a forwarded lone access token is used as is; a malformed one counts as expired', async () => {
    const ctx = createServerContext({ projectId: PROJECT_ID, secretServerKey: 'ssk', baseUrl: API });
    const at = tokenExpiringIn(Date.now(), 600_000);
    expect(await ctx.forwardedSession({ accessToken: at, refreshToken: null }).getTokens()).toEqual({ accessToken: at, refreshToken: '' });
    expect(await ctx.forwardedSession({ accessToken: 'not-a-jwt', refreshToken: null }).getTokens()).toBeNull();
  });
});

describe('resolveSettings', () => {
  it('keeps an explicit publishable key and base URL', () => {
    expect(resolveSettings({ projectId: 'p', publishableClientKey: 'pck', baseUrl: 'http://h/' }, 'X')).toMatchObject({
      apiUrl: 'http://h',
      projectId: 'p',
      publishableClientKey: 'pck',
    });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createPipeline } from '../http/pipeline.ts';
import { createWorkerApi } from './api.ts';
import { InflightGets } from './coalesce.ts';
import { MagicLinkNonces } from './magic-link-nonce.ts';
import { OAuthLinkGate } from './oauth-link.ts';
import { OfflineReadCache } from './offline-read-cache.ts';
import { SignOutService } from './sign-out.ts';
import { fakeAccessToken, makeHost, memoryRecords, sealedStore, quietUserFeed } from '../../testing/runtime/host.ts';
import { hiddenMintingRequests } from '../../testing/runtime/hidden-endpoints.ts';

const API = 'http://api.test';

const NONCE = 'n'.repeat(39);

function setup(options: { exposeAccessToken?: boolean; magicLinkNonces?: MagicLinkNonces; takeOver?: (refreshToken?: string) => Promise<boolean>; isOnline?: () => boolean } = {}) {
  const requests: Request[] = [];
  const accessToken = fakeAccessToken('user-9', Date.now() + 600_000);
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push(request);
      if (request.url.endsWith('/auth/oauth/token')) {
        const form = new URLSearchParams(await request.clone().text());
        if (form.get('code') === 'mfa-code') {
          return Response.json(
            { code: 'MULTI_FACTOR_AUTHENTICATION_REQUIRED', error: 'MFA', details: { attempt_code: 'a'.repeat(45) } },
            { status: 400, headers: { 'x-stack-known-error': 'MULTI_FACTOR_AUTHENTICATION_REQUIRED' } },
          );
        }
        return Response.json({ access_token: accessToken, token_type: 'Bearer', refresh_token: 'rt-oauth', is_new_user: true, after_callback_redirect_url: null });
      }
      if (request.url.endsWith('/auth/otp/send-sign-in-code')) return Response.json({ nonce: NONCE });
      if (request.method === 'DELETE' && request.url.endsWith('/users/me')) return Response.json({ success: true });
      if (request.url.endsWith('/auth/password/sign-in') || request.url.endsWith('/auth/passkey/sign-in') || request.url.endsWith('/auth/otp/sign-in')) {
        return Response.json({ access_token: accessToken, refresh_token: 'rt-secret', user_id: 'user-9' });
      }
      return Response.json({ id: 'user-9', echo: request.headers.get('x-stack-access-token') === accessToken, access_token: 'leak?' });
  };
  const pipeline = createPipeline({ apiUrl: API, projectId: 'p', accessType: 'client', publishableClientKey: 'pck', sleep: async () => undefined, fetch });
  const { host, vault } = makeHost();
  const resolved = { exposeAccessToken: options.exposeAccessToken ?? false };
  const api = createWorkerApi({ options: resolved, host, pipeline, signOut: new SignOutService(host, pipeline, vault), tokenEndpoint: { apiUrl: API, projectId: 'p', publishableClientKey: 'pck', fetch }, oauthLinks: new OAuthLinkGate({ apiUrl: API, trampolineBase: 'http://app.test/__authworker/oauth-link/' }), inflight: new InflightGets(), offlineCache: new OfflineReadCache(), userFeed: quietUserFeed(host), ...(options.magicLinkNonces ? { magicLinkNonces: options.magicLinkNonces } : {}), ...(options.takeOver ? { takeOver: options.takeOver } : {}), ...(options.isOnline ? { isOnline: options.isOnline } : {}) });
  return { api, host, requests };
}

describe('worker API', () => {
  it('signs in and hands the page the user id and the new snapshot only', async () => {
    const { api, host } = setup();
    const result = await api.signInWithCredential({ email: 'a@example.com', password: 'pw-123456' });
    expect(result).toEqual({ ok: true, value: { userId: 'user-9', isNewUser: false, snapshot: host.snapshot } });
    expect(JSON.stringify(result)).not.toContain('rt-secret');
    expect(host.snapshot).toMatchObject({ status: 'signed-in', userId: 'user-9' });
  });

  it('answers a sign-out and a deletion with the signed-out snapshot it published', async () => {
    const { api, host, requests } = setup();
    const signedIn = await api.signInWithCredential({ email: 'a@example.com', password: 'pw-123456' });
    const signedOut = await api.signOut();
    expect(signedOut).toEqual({ ok: true, value: { snapshot: host.snapshot } });
    expect(host.snapshot).toMatchObject({ status: 'signed-out', userId: null });
    expect(signedOut.ok && signedIn.ok && signedOut.value.snapshot.seq > signedIn.value.snapshot.seq).toBe(true);

    await api.signInWithCredential({ email: 'a@example.com', password: 'pw-123456' });
    const deleted = await api.deleteUser();
    expect(deleted).toEqual({ ok: true, value: { snapshot: host.snapshot } });
    expect(host.snapshot.status).toBe('signed-out');
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', url: `${API}/api/v1/users/me` });
  });

  it('exchanges an OAuth code itself: form-encoded, PKCE verifier, tokens kept in the worker', async () => {
    const { api, host, requests } = setup();
    const result = await api.exchangeOAuthCode({ code: 'the-code', codeVerifier: 'v'.repeat(43), redirectUri: 'http://app.test/handler/oauth-callback' });
    expect(result).toEqual({ ok: true, value: { userId: 'user-9', isNewUser: true, afterCallbackRedirectUrl: null, snapshot: host.snapshot } });
    expect(JSON.stringify(result)).not.toContain('rt-oauth');
    expect(host.snapshot).toMatchObject({ status: 'signed-in', userId: 'user-9' });
    const request = requests.at(-1)!;
    expect(request.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect([...request.headers.keys()].filter((name) => name.startsWith('x-stack-'))).toEqual([]);
    expect(Object.fromEntries(new URLSearchParams(await request.text()))).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: 'http://app.test/handler/oauth-callback',
      code_verifier: 'v'.repeat(43),
      client_id: 'p',
      client_secret: 'pck',
    });
  });

  it('hands the page the MFA requirement of a code exchange as a known error', async () => {
    const { api, host } = setup();
    const result = await api.exchangeOAuthCode({ code: 'mfa-code', codeVerifier: 'v'.repeat(43), redirectUri: 'http://app.test/cb' });
    expect(result).toMatchObject({ ok: false, error: { code: 'MULTI_FACTOR_AUTHENTICATION_REQUIRED', details: { attempt_code: 'a'.repeat(45) } } });
    expect(host.snapshot.status).not.toBe('signed-in');
  });

  it.each([[{ code: 'c', codeVerifier: 'short', redirectUri: 'http://app.test/cb' }], [{ code: 'c', codeVerifier: 'v'.repeat(43), redirectUri: 'not a url' }]])(
    'refuses malformed code-exchange arguments %j',
    async (args) => {
      const { api, requests } = setup();
      expect(await api.exchangeOAuthCode(args)).toMatchObject({ ok: false, error: { name: 'InvalidBridgeArgumentsError' } });
      expect(requests).toHaveLength(0);
    },
  );

  it('signs in with a passkey assertion', async () => {
    const { api, host, requests } = setup();
    const result = await api.signInWithPasskey({ authenticationResponse: { id: 'cred', response: {} }, code: 'challenge-code' });
    expect(result).toEqual({ ok: true, value: { userId: 'user-9', isNewUser: false, snapshot: host.snapshot } });
    expect(await requests.at(-1)!.json()).toEqual({ authentication_response: { id: 'cred', response: {} }, code: 'challenge-code' });
  });

  it.each([
    [undefined],
    [null],
    ['a@example.com'],
    [{ email: 'a@example.com' }],
    [{ email: 'a@example.com', password: 'x', apiUrl: 'https://evil.example' }],
    [{ email: 42, password: 'x' }],
  ])('refuses malformed sign-in arguments %j without a request', async (args) => {
    const { api, requests } = setup();
    const result = await api.signInWithCredential(args);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.name).toBe('InvalidBridgeArgumentsError');
    expect(requests).toHaveLength(0);
  });

  it('proxies API requests for uncontrolled pages, with the token added and token fields removed', async () => {
    const { api } = setup();
    await api.signInWithCredential({ email: 'a@example.com', password: 'pw-123456' });
    // A non-GET answer: the kind that can carry token fields (GETs outside /auth/ stream through unread).
    const result = await api.apiRequest({ path: '/users/me', method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(result.ok).toBe(true);
    const body = result.ok ? JSON.parse(result.value.body) : null;
    expect(body).toEqual({ id: 'user-9', echo: true });
  });

  it("lets a connected account's provider token through, and only on that endpoint's exact path", async () => {
    const { api } = setup();
    await api.signInWithCredential({ email: 'a@example.com', password: 'pw-123456' });
    const read = async (path: string) => {
      const result = await api.apiRequest({ path, method: 'POST', body: '{"scope":""}' });
      return result.ok ? (JSON.parse(result.value.body) as Record<string, unknown>) : null;
    };
    expect(await read('/connected-accounts/me/github/access-token')).toMatchObject({ access_token: 'leak?' });
    expect(await read('/auth/oauth/connected-accounts/github/access-token')).toMatchObject({ access_token: 'leak?' });
    for (const path of ['/connected-accounts/me/github/access-token/x', '/users/me']) {
      expect(await read(path)).not.toHaveProperty('access_token');
    }
    // Dot segments are refused before anything is sent.
    for (const path of ['/connected-accounts/me/%2e%2e/access-token', '/connected-accounts/../../access-token']) {
      expect(await read(path)).toBeNull();
    }
  });

  it('refuses apiRequest paths that are not API paths, and the token endpoint', async () => {
    const { api, requests } = setup();
    expect((await api.apiRequest({ path: 'https://evil.example/x', method: 'GET' })).ok).toBe(false);
    expect((await api.apiRequest({ path: '/auth/oauth/token', method: 'POST' })).ok).toBe(false);
    expect((await api.apiRequest({ path: '/auth/password/sign-in', method: 'POST', body: '{}' })).ok).toBe(false);
    expect((await api.apiRequest({ path: '/auth/sessions/current/refresh/', method: 'POST' })).ok).toBe(false);
    expect((await api.apiRequest({ path: '/auth/mfa/sign-in?x=1', method: 'POST' })).ok).toBe(false);
    expect(requests).toHaveLength(0);
  });

  it.each(hiddenMintingRequests())('refuses %s %s (what fetch sends is a token-minting endpoint) before sending anything', async (method, path) => {
    const { api, requests } = setup();
    const result = await api.apiRequest({ path, method, body: method === 'POST' ? '{}' : null });
    expect(result.ok).toBe(false);
    expect(requests).toHaveLength(0);
  });

  it.each(['/auth/x/../password/sign-in', '/auth/x/%2e%2E/password/sign-in', '/auth%2fpassword/sign-in', '/auth\\password\\sign-in', '//auth//oauth//token', '/auth/./sessions', '/users/me/%252e%252e/../auth/password/sign-up'])(
    'refuses %s, which resolves to a token-minting endpoint, before sending anything',
    async (path) => {
      const { api, requests } = setup();
      const result = await api.apiRequest({ path, method: 'POST', body: '{}' });
      expect(result.ok).toBe(false);
      expect(requests).toHaveLength(0);
    },
  );

  it('keeps getAccessToken() off unless the worker options allow it', async () => {
    const closed = setup();
    await closed.api.signInWithCredential({ email: 'a@example.com', password: 'pw-123456' });
    const refused = await closed.api.getAccessToken();
    expect(refused.ok).toBe(false);

    const open = setup({ exposeAccessToken: true });
    await open.api.signInWithCredential({ email: 'a@example.com', password: 'pw-123456' });
    const allowed = await open.api.getAccessToken();
    expect(allowed.ok && allowed.value).toMatch(/\./);
  });

  it("hello carries the user's last /users/me answer, only for the signed-in user, and none after sign-out", async () => {
    const { api } = setup();
    expect(await api.hello(1)).toMatchObject({ ok: true, value: { snapshot: { status: 'signed-out' }, storedUser: null } });
    await api.signInWithCredential({ email: 'a@example.com', password: 'pw-123456' });
    expect(await api.hello(1)).toMatchObject({ ok: true, value: { snapshot: { status: 'signed-in' }, storedUser: null } });
    expect((await api.apiRequest({ path: '/users/me', method: 'GET' })).ok).toBe(true);
    // The offline copy is kept off the request path.
    await vi.waitFor(async () => expect(await api.hello(1)).toMatchObject({ ok: true, value: { storedUser: { userId: 'user-9' } } }));
    const hello = await api.hello(1);
    const stored = hello.ok ? hello.value.storedUser : null;
    expect(stored?.userId).toBe('user-9');
    // The sanitised answer, as the page would have read it from the API.
    expect(JSON.parse(stored?.body ?? '{}')).toEqual({ id: 'user-9', echo: true });
    await api.signOut();
    expect(await api.hello(1)).toMatchObject({ ok: true, value: { snapshot: { status: 'signed-out' }, storedUser: null } });
  });

  it("hello names the host's API, project and key, which the page compares with its own", async () => {
    const { api } = setup();
    expect(await api.hello(1)).toMatchObject({ ok: true, value: { setup: { apiUrl: API, projectId: 'p', publishableClientKey: 'pck' } } });
  });

  it("hello takes over the official SDK's refresh token a page hands over, checked, and says whether it is settled", async () => {
    const takeOver = vi.fn(async (refreshToken?: string) => refreshToken !== 'offline-rt');
    const { api } = setup({ takeOver });
    expect(await api.hello(1, { officialRefreshToken: 'official-rt' })).toMatchObject({ ok: true, value: { tookOver: true } });
    expect(await api.hello(1, { officialRefreshToken: 'offline-rt' })).toMatchObject({ ok: true, value: { tookOver: false } });
    // A hello with nothing handed over settles the first start too (the mark: no cookie is adopted later).
    expect(await api.hello(1)).toMatchObject({ ok: true, value: { tookOver: true } });
    for (const bad of [{ officialRefreshToken: '' }, { officialRefreshToken: 'x'.repeat(1025) }, { officialRefreshToken: 'rt', apiUrl: 'https://evil.example' }, 'rt']) {
      expect(await api.hello(1, bad)).toMatchObject({ ok: false, error: { name: 'InvalidBridgeArgumentsError' } });
    }
    expect(takeOver.mock.calls).toEqual([['official-rt'], ['offline-rt'], [undefined]]);
  });

  it("ends the offline mark a failed request left when a page asks again with the network back, not before", async () => {
    let online = false;
    const { api, host } = setup({ isOnline: () => online });
    await host.ensureLoaded();
    host.setNetwork('offline');
    expect(await api.getSnapshot()).toMatchObject({ ok: true, value: { network: 'offline' } });
    online = true;
    expect(await api.catchUp({ userVersion: 0 })).toMatchObject({ ok: true, value: { snapshot: { network: 'online' } } });
    host.setNetwork('offline');
    expect(await api.getSnapshot()).toMatchObject({ ok: true, value: { network: 'online' } });
    host.setNetwork('degraded');
    expect(await api.getSnapshot()).toMatchObject({ ok: true, value: { network: 'degraded' } });
  });

  it('negotiates the bridge protocol version', async () => {
    const { api } = setup();
    expect((await api.hello(1)).ok).toBe(true);
    const mismatch = await api.hello(99);
    expect(!mismatch.ok && mismatch.error.message).toContain('bridge protocol 99');
  });
});

describe('identity headers from pages', () => {
  it('are dropped: the worker alone decides project, access type, keys and tokens', async () => {
    const { api, requests } = setup();
    await api.signInWithCredential({ email: 'a@example.com', password: 'pw-123456' });
    await api.apiRequest({
      path: '/users/me',
      method: 'GET',
      headers: { 'x-stack-project-id': 'other', 'x-stack-access-type': 'server', 'x-stack-secret-server-key': 'guess', 'X-Hexclave-Access-Type': 'admin', accept: 'application/json' },
    });
    const sent = requests.at(-1);
    expect(sent?.headers.get('x-stack-project-id')).toBe('p');
    expect(sent?.headers.get('x-stack-access-type')).toBe('client');
    expect(sent?.headers.get('x-stack-secret-server-key')).toBeNull();
    expect(sent?.headers.get('x-hexclave-access-type')).toBeNull();
    expect(sent?.headers.get('accept')).toBe('application/json');
  });
});

describe('magic link by the 6-character code', () => {
  const send = { email: 'a@example.com', callbackUrl: 'http://app.test/handler/magic-link-callback' };
  const sentCode = async (requests: Request[]) => ((await requests.at(-1)!.clone().json()) as { code: string }).code;

  it('adds the nonce the worker kept to the uppercased code', async () => {
    const { api, requests } = setup();
    expect(await api.sendMagicLinkEmail(send)).toEqual({ ok: true, value: { nonce: NONCE } });
    expect(await api.signInWithMagicLink({ code: 'ab12cd' })).toMatchObject({ ok: true, value: { userId: 'user-9' } });
    expect(await sentCode(requests)).toBe(`AB12CD${NONCE}`);
  });

  it('still works after the browser stopped the worker between the e-mail and the code', async () => {
    const records = memoryRecords();
    const before = setup({ magicLinkNonces: new MagicLinkNonces({ sealed: sealedStore(records) }) });
    await before.api.sendMagicLinkEmail(send);

    const after = setup({ magicLinkNonces: new MagicLinkNonces({ sealed: sealedStore(records) }) });
    expect(await after.api.signInWithMagicLink({ code: 'AB12CD' })).toMatchObject({ ok: true, value: { userId: 'user-9' } });
    expect(await sentCode(after.requests)).toBe(`AB12CD${NONCE}`);
    // Used up: it is gone from storage too.
    const restartedAgain = setup({ magicLinkNonces: new MagicLinkNonces({ sealed: sealedStore(records) }) });
    expect(await restartedAgain.api.signInWithMagicLink({ code: 'AB12CD' })).toMatchObject({ ok: false, error: { message: expect.stringContaining('no magic-link e-mail was sent from this browser') } });
  });

  it.each([
    ['a sign-out', (api: ReturnType<typeof setup>['api']) => api.signOut()],
    ['a sign-out through the API path', (api: ReturnType<typeof setup>['api']) => api.apiRequest({ path: '/auth/sessions/current', method: 'DELETE' })],
    ['another sign-in', (api: ReturnType<typeof setup>['api']) => api.signInWithCredential({ email: 'a@example.com', password: 'pw-123456' })],
  ])('forgets the nonce on %s, in storage too', async (_, act) => {
    const records = memoryRecords();
    const nonces = new MagicLinkNonces({ sealed: sealedStore(records) });
    const { api } = setup({ magicLinkNonces: nonces });
    await api.sendMagicLinkEmail(send);
    await act(api);
    expect(await nonces.recall()).toBeNull();
    expect(await new MagicLinkNonces({ sealed: sealedStore(records) }).recall()).toBeNull();
  });
});

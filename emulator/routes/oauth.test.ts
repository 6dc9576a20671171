import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTotp } from '../domain/totp.ts';
import { createTestEmulator, setProjectConfig, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { authorizeUrl, consentFlow, CookieJar, emulatorRequest, ERROR_URI, exchangeCode, pkcePair, signInViaConsent } from '../../testing/emulator/oauth.ts';
import { call, errorCode } from '../../testing/emulator/requests.ts';
import { DEMO_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
});
afterAll(() => emu.close());


describe('OAuth through the consent page', () => {
  it('signs up, then signs in the same identity; token response shape', async () => {
    const email = `octo-${crypto.randomUUID()}@example.com`;
    const first = await signInViaConsent(emu, 'github', { email, display_name: 'Octo' });
    expect(first.token.status).toBe(200);
    expect(first.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3599,
      refresh_token: expect.any(String),
      scope: 'legacy',
      is_new_user: true,
      newUser: true,
      after_callback_redirect_url: null,
      afterCallbackRedirectUrl: null,
    });
    const me = await call(emu, 'GET', '/users/me', { token: first.body.access_token as string });
    expect(me.body).toMatchObject({ primary_email: email, primary_email_verified: true, display_name: 'Octo', oauth_providers: [{ id: 'github', account_id: email, email }] });
    const second = await signInViaConsent(emu, 'github', { email });
    expect(second.body).toMatchObject({ is_new_user: false, newUser: false });
    // The code is single-use.
    expect((await exchangeCode(emu, second.code, second.verifier)).headers.get('x-stack-known-error')).toBe('INVALID_AUTHORIZATION_CODE');
  });

  it('the code grant answers its header-less request with the six 2.7 claims (issue 12; hostedRefreshClaims: see oauth-token.test.ts)', async () => {
    const { body } = await signInViaConsent(emu, 'github', { email: `dialect-${crypto.randomUUID()}@example.com`, display_name: 'Octo' });
    expect(Object.keys(decodeJwt(String(body.access_token))).sort()).toEqual(['aud', 'branchId', 'exp', 'iat', 'iss', 'sub']);
  });

  it('a user created by the server with oauth_providers signs in with that account', async () => {
    const accountId = `acct-${crypto.randomUUID()}`;
    const created = await call(emu, 'POST', '/users', { accessType: 'server', json: { oauth_providers: [{ id: 'google', account_id: accountId, email: null }] } });
    expect(created.body).toMatchObject({ oauth_providers: [{ id: 'google', account_id: accountId, email: null }] });
    const signedIn = await signInViaConsent(emu, 'google', { email: `${accountId}@example.com`, account_id: accountId });
    expect(signedIn.body).toMatchObject({ is_new_user: false });
    const me = await call(emu, 'GET', '/users/me', { token: signedIn.body.access_token as string });
    expect((me.body as { id: string }).id).toBe((created.body as { id: string }).id);
  });

  it('plain PKCE works; a wrong verifier or redirect_uri fails', async () => {
    const plain = await consentFlow(emu, 'google', { email: `p-${crypto.randomUUID()}@example.com` }, {}, 'plain');
    const code = new URL(plain.callback.headers.get('location') ?? '').searchParams.get('code') ?? '';
    expect((await exchangeCode(emu, code, plain.verifier)).status).toBe(200);
    const wrong = await consentFlow(emu, 'google', { email: `w-${crypto.randomUUID()}@example.com` });
    const wrongCode = new URL(wrong.callback.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const bad = await exchangeCode(emu, wrongCode, 'x'.repeat(43));
    expect([bad.status, bad.headers.get('x-stack-known-error')]).toEqual([400, 'INVALID_AUTHORIZATION_CODE']);
    const other = await consentFlow(emu, 'google', { email: `r-${crypto.randomUUID()}@example.com` });
    const otherCode = new URL(other.callback.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const mismatch = await exchangeCode(emu, otherCode, other.verifier, 'http://localhost:3000/elsewhere');
    expect(mismatch.headers.get('x-stack-known-error')).toBe('REDIRECT_URL_NOT_WHITELISTED');
  });

  it('deny goes to the error URL with errorCode, message and details', async () => {
    const denied = await consentFlow(emu, 'github', 'deny');
    expect(denied.callback.status).toBe(307);
    const target = new URL(denied.callback.headers.get('location') ?? '');
    expect(`${target.origin}${target.pathname}`).toBe(ERROR_URI);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      errorCode: 'OAUTH_PROVIDER_ACCESS_DENIED',
      message: 'The OAuth provider denied access to the user.',
      details: '{}',
    });
  });

  it('authorize errors; callback without the cookie is 400 text', async () => {
    const { challenge } = await pkcePair();
    const jar = new CookieJar();
    const disabled = await emulatorRequest(emu, authorizeUrl('spotify', { challenge, state: 's' }), jar);
    expect(disabled.headers.get('x-stack-known-error')).toBe('OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED');
    const badClient = await emulatorRequest(emu, authorizeUrl('github', { challenge, state: 's', extra: { client_id: 'nope' } }), jar);
    expect(await badClient.json()).toMatchObject({ code: 'INVALID_OAUTH_CLIENT_ID_OR_SECRET', details: { client_id: 'nope' } });
    const badKey = await emulatorRequest(emu, authorizeUrl('github', { challenge, state: 's', extra: { client_secret: 'pck_wrong' } }), jar);
    expect(badKey.headers.get('x-stack-known-error')).toBe('INVALID_PUBLISHABLE_CLIENT_KEY');
    const flow = await consentFlow(emu, 'github', { email: `c-${crypto.randomUUID()}@example.com` });
    const replay = await emu.app.request(new URL(flow.callbackUrl).toString(), { redirect: 'manual' });
    expect([replay.status, await replay.text()]).toEqual([
      400,
      'OAuth cookie not found. This is likely because you refreshed the page during the OAuth sign in process. Please try signing in again',
    ]);
  });

  it('MFA applies to the code exchange', async () => {
    const email = `mfa-${crypto.randomUUID()}@example.com`;
    const first = await signInViaConsent(emu, 'github', { email });
    const secret = btoa('12345678901234567890');
    await call(emu, 'PATCH', '/users/me', { token: first.body.access_token as string, json: { totp_secret_base64: secret } });
    const second = await signInViaConsent(emu, 'github', { email });
    expect([second.token.status, second.body.code]).toEqual([400, 'MULTI_FACTOR_AUTHENTICATION_REQUIRED']);
    const attempt = (second.body.details as { attempt_code: string }).attempt_code;
    const done = await call(emu, 'POST', '/auth/mfa/sign-in', { json: { code: attempt, type: 'totp', totp: await generateTotp(secret, emu.clock.now()) } });
    expect(done.body).toMatchObject({ is_new_user: false });
  });
});

describe('link flow and connected accounts', () => {
  it('links a standard provider with extra scopes; access tokens honour scopes; the two "no token" errors', async () => {
    await setProjectConfig(emu, DEMO_PROJECT.id, {
      oauth_providers: [
        { id: 'github', enabled: true, type: 'shared' },
        { id: 'google', enabled: true, type: 'shared' },
        { id: 'gitlab', enabled: true, type: 'standard', client_id: 'id', client_secret: 'secret' },
      ],
    });
    try {
      const u = await signUp(emu);
      const notConnected = await call(emu, 'POST', '/connected-accounts/me/gitlab/access-token', { token: u.accessToken, json: { scope: '' } });
      expect(errorCode(notConnected)).toBe('OAUTH_CONNECTION_NOT_CONNECTED_TO_USER');
      const shared = await call(emu, 'POST', '/connected-accounts/me/github/access-token', { token: u.accessToken, json: { scope: '' } });
      expect(errorCode(shared)).toBe('OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS');
      const linked = await signInViaConsent(emu, 'gitlab', { email: `gl-${crypto.randomUUID()}@example.com` }, {
        type: 'link',
        token: u.accessToken,
        provider_scope: 'read_repository',
        after_callback_redirect_url: 'http://localhost:3000/settings',
      });
      expect(linked.body).toMatchObject({ is_new_user: false, after_callback_redirect_url: 'http://localhost:3000/settings', afterCallbackRedirectUrl: 'http://localhost:3000/settings' });
      const token = await call(emu, 'POST', '/connected-accounts/me/gitlab/access-token', { token: u.accessToken, json: { scope: 'read_repository' } });
      expect([token.status, typeof (token.body as { access_token: unknown }).access_token]).toEqual([201, 'string']);
      const serverToken = await call(emu, 'POST', `/connected-accounts/${u.userId}/gitlab/access-token`, { accessType: 'server', json: {} });
      expect(serverToken.status).toBe(201);
      const missing = await call(emu, 'POST', '/connected-accounts/me/gitlab/access-token', { token: u.accessToken, json: { scope: 'admin' } });
      expect(errorCode(missing)).toBe('OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE');
      const other = await signUp(emu);
      const foreign = await call(emu, 'POST', `/connected-accounts/${other.userId}/gitlab/access-token`, { token: u.accessToken, json: {} });
      expect([foreign.status, foreign.text]).toEqual([403, 'Client can only access its own connected accounts']);
      const sharedScope = await emulatorRequest(
        emu,
        authorizeUrl('github', { challenge: 'c', state: 's', extra: { type: 'link', token: u.accessToken, provider_scope: 'repo' } }),
        new CookieJar(),
      );
      expect(sharedScope.headers.get('x-stack-known-error')).toBe('OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS');
    } finally {
      await setProjectConfig(emu, DEMO_PROJECT.id, {
        oauth_providers: [
          { id: 'github', enabled: true, type: 'shared' },
          { id: 'google', enabled: true, type: 'shared' },
        ],
      });
    }
  });
});

// OAuth error paths: callback errors sent to the error URL (or answered directly
// when that URL is untrusted), link-token errors at authorize, the flow timeout and the PKCE method check.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, setProjectConfig, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { authorizeUrl, CookieJar, emulatorRequest, ERROR_URI, pkcePair, REDIRECT_URI } from '../../testing/emulator/oauth.ts';
import { call } from '../../testing/emulator/requests.ts';
import { DEMO_PROJECT, INTERNAL_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
});
afterAll(() => emu.close());

const UNTRUSTED_REDIRECT = 'https://evil.example.com/handler/oauth-callback';
const UNTRUSTED_ERROR_URL = 'https://evil.example.com/handler/error';
const uniqueEmail = (tag: string) => `${tag}-${crypto.randomUUID()}@example.com`;

async function authorize(extra: Record<string, string> = {}, provider = 'github') {
  const { challenge } = await pkcePair();
  const jar = new CookieJar();
  const res = await emulatorRequest(emu, authorizeUrl(provider, { challenge, state: crypto.randomUUID(), extra }), jar);
  return { res, jar };
}

/** authorize -> the consent page's "allow" with `email` as the account -> the callback's answer. */
async function callbackFor(email: string, extra: Record<string, string> = {}, beforeConsent?: () => void): Promise<Response> {
  const { res, jar } = await authorize(extra);
  expect(res.status).toBe(307);
  const consentUrl = res.headers.get('location') ?? '';
  beforeConsent?.();
  const posted = await emulatorRequest(emu, consentUrl, jar, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state: new URL(consentUrl).searchParams.get('state') ?? '', action: 'allow', email }).toString(),
  });
  expect(posted.status).toBe(303);
  return emulatorRequest(emu, posted.headers.get('location') ?? '', jar);
}

/** The error page query of a callback that redirected to ERROR_URI. */
function errorRedirect(res: Response): Record<string, string> {
  expect(res.status).toBe(307);
  const target = new URL(res.headers.get('location') ?? '');
  expect(`${target.origin}${target.pathname}`).toBe(ERROR_URI);
  return Object.fromEntries(target.searchParams);
}

function expectSignedInRedirect(res: Response): void {
  expect(res.status).toBe(307);
  const target = new URL(res.headers.get('location') ?? '');
  expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URI);
  expect(target.searchParams.get('code')).toMatch(/^[0-9a-f]{64}$/);
}

describe('OAuth callback: link errors', () => {
  it('an account already linked to another user is OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER', async () => {
    const account = uniqueEmail('taken');
    expectSignedInRedirect(await callbackFor(account)); // signs up the account's owner
    const other = await signUp(emu);
    const res = await callbackFor(account, { type: 'link', token: other.accessToken });
    expect(errorRedirect(res)).toEqual({
      errorCode: 'OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER',
      message: 'The OAuth connection is already connected to another user.',
      details: '{}',
    });
    const me = await call(emu, 'GET', '/users/me', { token: other.accessToken });
    expect(me.body).toMatchObject({ oauth_providers: [] });
  });

  it('a user already linked to another account of the provider is USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION', async () => {
    const u = await signUp(emu);
    const first = uniqueEmail('first');
    expectSignedInRedirect(await callbackFor(first, { type: 'link', token: u.accessToken }));
    const res = await callbackFor(uniqueEmail('second'), { type: 'link', token: u.accessToken });
    expect(errorRedirect(res)).toEqual({
      errorCode: 'USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION',
      message: 'The user is already connected to another OAuth account. Did you maybe selected the wrong account?',
      details: '{}',
    });
    const me = await call(emu, 'GET', '/users/me', { token: u.accessToken });
    expect(me.body).toMatchObject({ oauth_providers: [{ id: 'github', account_id: first, email: first }] });
  });
});

describe('OAuth callback: flow and project errors', () => {
  it('SIGN_UP_NOT_ENABLED for a new account; an existing account still signs in', async () => {
    const existing = uniqueEmail('existing');
    expectSignedInRedirect(await callbackFor(existing));
    await setProjectConfig(emu, DEMO_PROJECT.id, { sign_up_enabled: false });
    try {
      expect(errorRedirect(await callbackFor(uniqueEmail('new')))).toEqual({
        errorCode: 'SIGN_UP_NOT_ENABLED',
        message: 'Creation of new accounts is not enabled for this project. Please ask the project owner to enable it.',
        details: '{}',
      });
      expectSignedInRedirect(await callbackFor(existing));
    } finally {
      await setProjectConfig(emu, DEMO_PROJECT.id, { sign_up_enabled: true });
    }
  });

  it('an untrusted redirect_uri is REDIRECT_URL_NOT_WHITELISTED at the callback, before any user is created', async () => {
    const email = uniqueEmail('untrusted');
    expect(errorRedirect(await callbackFor(email, { redirect_uri: UNTRUSTED_REDIRECT }))).toEqual({
      errorCode: 'REDIRECT_URL_NOT_WHITELISTED',
      message: 'Redirect URL not whitelisted. Did you forget to add this domain to the trusted domains list on the Stack Auth dashboard?',
      details: '{}',
    });
    const users = await call(emu, 'GET', `/users?query=${encodeURIComponent(email)}`, { accessType: 'server' });
    expect((users.body as { items: unknown[] }).items).toEqual([]);
  });

  it('when the error URL itself is untrusted, the known error is the callback\'s own answer', async () => {
    const res = await callbackFor(uniqueEmail('both'), { redirect_uri: UNTRUSTED_REDIRECT, error_redirect_url: UNTRUSTED_ERROR_URL });
    expect([res.status, res.headers.get('x-stack-known-error'), res.headers.get('location')]).toEqual([400, 'REDIRECT_URL_NOT_WHITELISTED', null]);
    expect(await res.json()).toEqual({
      code: 'REDIRECT_URL_NOT_WHITELISTED',
      error: 'Redirect URL not whitelisted. Did you forget to add this domain to the trusted domains list on the Stack Auth dashboard?',
    });
  });

  it('a flow older than 10 minutes is OUTER_OAUTH_TIMEOUT (408): at the error URL, or directly when it is untrusted', async () => {
    const elevenMinutesLater = () => emu.clock.advance(10 * 60_000 + 1);
    expect(errorRedirect(await callbackFor(uniqueEmail('slow'), {}, elevenMinutesLater))).toEqual({
      errorCode: 'OUTER_OAUTH_TIMEOUT',
      message: 'The OAuth flow has timed out. Please sign in again.',
      details: '{}',
    });
    const direct = await callbackFor(uniqueEmail('slower'), { error_redirect_url: UNTRUSTED_ERROR_URL }, elevenMinutesLater);
    expect([direct.status, await direct.json()]).toEqual([408, { code: 'OUTER_OAUTH_TIMEOUT', error: 'The OAuth flow has timed out. Please sign in again.' }]);
  });

  it('a scope other than legacy is a 400 text once the provider answered', async () => {
    const res = await callbackFor(uniqueEmail('scope'), { scope: 'legacy openid' });
    expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([
      400,
      'text/plain; charset=utf-8',
      'Invalid scope requested. Please check the scopes you are requesting.',
    ]);
  });
});

describe('OAuth authorize: link token and PKCE method', () => {
  it('an expired link token is ACCESS_TOKEN_EXPIRED (401) with its expiry', async () => {
    const u = await signUp(emu);
    const expiredAt = (decodeJwt(u.accessToken).exp as number) * 1000;
    emu.clock.advance(10 * 60_000 + 1_000);
    const { res } = await authorize({ type: 'link', token: u.accessToken });
    expect([res.status, res.headers.get('x-stack-known-error')]).toEqual([401, 'ACCESS_TOKEN_EXPIRED']);
    expect(await res.json()).toEqual({
      code: 'ACCESS_TOKEN_EXPIRED',
      details: { expired_at_millis: expiredAt },
      error: `Access token has expired. Please refresh it and try again. (The access token expired at ${new Date(expiredAt).toISOString()}.)`,
    });
  });

  it('a link token of another project is 403 text', async () => {
    const stranger = await signUp(emu, { project: INTERNAL_PROJECT });
    const { res } = await authorize({ type: 'link', token: stranger.accessToken });
    expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([403, 'text/plain; charset=utf-8', 'The access token is not valid for this project']);
  });

  it('code_challenge_method must be S256 or plain (the OAuth library\'s invalid_request otherwise)', async () => {
    for (const method of ['S256', 'plain']) expect((await authorize({ code_challenge_method: method })).res.status).toBe(307);
    for (const method of ['S512', 's256', 'PLAIN']) {
      const { res } = await authorize({ code_challenge_method: method });
      expect([res.status, res.headers.get('set-cookie')]).toEqual([400, null]);
      expect(await res.json()).toEqual({ error: 'invalid_request', error_description: `Invalid request: transform algorithm '${method}' not supported` });
    }
  });
});

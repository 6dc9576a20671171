// The official SDK's client names authworker added for apps that switch: signInWithMfa, signInWithOAuth's
// returnTo, signUpWithCredential's noVerificationCallback, and the token getters (page-hosted here: the access
// token is the page's own; the worker's refusal without exposeAccessToken is in session-tokens.test.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateTotp } from '../../../emulator/domain/totp.ts';
import { KnownErrors } from '../../protocol/errors/index.ts';
import { totpSecretToBase64 } from '../../protocol/totp.ts';
import { StackServerApp } from '../../server/server-app.ts';
import { DEMO_PROJECT } from '../../../emulator/domain/seed.ts';
import { TEST_ORIGIN } from '../../../testing/emulator/emulator.ts';
import { emulatorClientKit } from '../../../testing/runtime/client/emulator-client.ts';
import { fakeBrowserPage } from '../../../testing/runtime/client/fake-browser.ts';
import { TokenNotExposedError } from '../session/session-tokens.ts';

const { emulator, clientApp, allowAtConsentPage } = emulatorClientKit();
const PASSWORD = 'correct horse battery';
const CALLBACK = 'http://localhost:3000/handler/email-verification';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function makeApp() {
  const navigations: string[] = [];
  const app = clientApp({ redirectMethod: { navigate: (to) => navigations.push(to) }, onTotpRequired: async () => null });
  return { app, navigations };
}

async function mailsTo(address: string): Promise<unknown[]> {
  const response = await emulator().app.request(`${TEST_ORIGIN}/emulator/api/outbox?mailbox=${encodeURIComponent(address.split('@')[0] ?? '')}`);
  return (await response.json()) as unknown[];
}

/** A user with TOTP on, and the attempt code of a password sign-in that now needs it (MULTI_FACTOR_AUTHENTICATION_REQUIRED). */
async function mfaAttempt(): Promise<{ email: string; secret: Uint8Array; attemptCode: string }> {
  const email = `mfa-${crypto.randomUUID()}@example.com`;
  const secret = crypto.getRandomValues(new Uint8Array(20));
  const first = makeApp().app;
  await first.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, verificationCallbackUrl: CALLBACK });
  await (await first.getUser({ or: 'throw' })).update({ totpMultiFactorSecret: secret });
  const answer = await emulator().fetch('/api/v1/auth/password/sign-in', { method: 'POST', accessType: 'client', json: { email, password: PASSWORD } });
  const body = (await answer.json()) as { code: string; details: { attempt_code: string } };
  expect(body.code).toBe('MULTI_FACTOR_AUTHENTICATION_REQUIRED');
  return { email, secret, attemptCode: body.details.attempt_code };
}

describe('signInWithMfa(totp, attemptCode)', () => {
  it('signs in with the TOTP and the attempt code, then goes to the after-sign-in page', async () => {
    const { email, secret, attemptCode } = await mfaAttempt();
    const { app, navigations } = makeApp();
    const totp = await generateTotp(totpSecretToBase64(secret), emulator().clock.now());
    expect(await app.signInWithMfa(totp, attemptCode)).toEqual({ status: 'ok', data: undefined });
    expect(navigations).toEqual(['/']);
    expect((await app.getUser({ or: 'throw' })).primaryEmail).toBe(email);
  });

  it('returns a wrong or empty TOTP as InvalidTotpCode, and an unknown attempt code as a VerificationCodeError', async () => {
    const { attemptCode } = await mfaAttempt();
    const { app, navigations } = makeApp();
    const wrong = await app.signInWithMfa('000000', attemptCode, { noRedirect: true });
    expect(wrong.status === 'error' && wrong.error).toBeInstanceOf(KnownErrors.InvalidTotpCode);
    const empty = await app.signInWithMfa(' ', attemptCode);
    expect(empty.status === 'error' && empty.error).toBeInstanceOf(KnownErrors.InvalidTotpCode);
    const unknown = await app.signInWithMfa('123456', 'x'.repeat(45));
    expect(unknown.status === 'error' && unknown.error).toBeInstanceOf(KnownErrors.VerificationCodeError);
    expect(navigations).toEqual([]);
    expect(app.session.getSnapshot().status).toBe('signed-out');
  });
});

describe('signInWithOAuth(provider, { returnTo })', () => {
  it('sends returnTo as the after-callback URL (absolute, from this page), and the callback page goes there', async () => {
    const page = fakeBrowserPage('http://localhost:3000/handler/sign-in?after_auth_return_to=%2Fcarried');
    const { app, navigations } = makeApp();
    await app.signInWithOAuth('github', { returnTo: '/reports?tab=2#top' });
    const authorize = new URL(page.assigned.at(-1) ?? '');
    expect(authorize.searchParams.get('type')).toBe('authenticate');
    expect(authorize.searchParams.get('after_callback_redirect_url')).toBe('http://localhost:3000/reports?tab=2&after_auth_return_to=%2Fcarried');
    const { landing } = await allowAtConsentPage(authorize.toString(), { email: `oauth-return-${crypto.randomUUID()}@example.com` });
    page.href = landing;
    expect(await app.callOAuthCallback()).toBe(true);
    expect(navigations).toEqual(['/reports?tab=2&after_auth_return_to=%2Fcarried']);
  });

  it('without returnTo sends no after-callback URL', async () => {
    const page = fakeBrowserPage('http://localhost:3000/handler/sign-in');
    await makeApp().app.signInWithOAuth('github');
    expect(new URL(page.assigned.at(-1) ?? '').searchParams.has('after_callback_redirect_url')).toBe(false);
  });
});

/** The emulator as the 2.8 service answers it (the same calls under x-hexclave-* header names). */
const currentDialectFetch: typeof fetch = (input, init) => {
  const request = new Request(input, init);
  const headers = new Headers();
  for (const [name, value] of request.headers) headers.set(name.replace(/^x-stack-/, 'x-hexclave-'), value);
  return Promise.resolve(emulator().app.fetch(new Request(request, { headers })));
};

describe('signUpWithCredential({ noVerificationCallback })', () => {
  it('sends no verification callback URL, so the 2.8 service signs up without a verification e-mail; the default sends one', async () => {
    const quiet = `quiet-${crypto.randomUUID()}@example.com`;
    const verified = `loud-${crypto.randomUUID()}@example.com`;
    const app = clientApp({ fetch: currentDialectFetch });
    expect(await app.signUpWithCredential({ email: quiet, password: PASSWORD, noRedirect: true, noVerificationCallback: true })).toEqual({ status: 'ok', data: undefined });
    await makeApp().app.signUpWithCredential({ email: verified, password: PASSWORD, noRedirect: true, verificationCallbackUrl: CALLBACK });
    expect(await mailsTo(quiet)).toEqual([]);
    expect(await mailsTo(verified)).toHaveLength(1);
  });

  it('the current backend takes it without a URL (the 2.7 one answered SCHEMA_ERROR)', async () => {
    const sent = makeApp().app.signUpWithCredential({ email: `old-${crypto.randomUUID()}@example.com`, password: PASSWORD, noVerificationCallback: true });
    await expect(sent).resolves.toEqual({ status: 'ok', data: undefined });
  });

  it('refuses both options at once, as the SDK does', async () => {
    const options = { email: 'x@example.com', password: PASSWORD, noVerificationCallback: true, verificationCallbackUrl: CALLBACK };
    await expect(makeApp().app.signUpWithCredential(options as never)).rejects.toThrow(/noVerificationCallback or verificationCallbackUrl/);
  });
});

describe("the token getters (page-hosted: the access token is the page's own; never the refresh token)", () => {
  it('getAccessToken, getAuthJson, getAuthorizationHeader and getAuthHeaders carry the access token alone', async () => {
    const { app } = makeApp();
    const email = `tokens-${crypto.randomUUID()}@example.com`;
    expect(await app.getAccessToken()).toBeNull();
    expect(await app.getAuthorizationHeader()).toBeNull();
    await app.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, verificationCallbackUrl: CALLBACK });
    const accessToken = await app.getAccessToken();
    expect(accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await app.getAuthJson()).toEqual({ accessToken, refreshToken: null });
    const user = await app.getUser({ or: 'throw' });
    expect(await user.currentSession.getTokens()).toEqual({ accessToken, refreshToken: null });
    expect(await user.getAccessToken()).toBe(accessToken);

    // What the app's own backend does with them: the server app finds the user from either header.
    const server = new StackServerApp({
      projectId: DEMO_PROJECT.id,
      secretServerKey: DEMO_PROJECT.secretServerKey,
      baseUrl: TEST_ORIGIN,
      fetch: (input, init) => Promise.resolve(emulator().app.fetch(new Request(input, init))),
    });
    const authorization = (await app.getAuthorizationHeader()) ?? '';
    expect(authorization).toMatch(/^Bearer stackauth_/);
    expect((await server.getUser({ tokenStore: new Request('https://api.example.com/', { headers: { authorization } }) }))?.primaryEmail).toBe(email);
    const headers = await user.getAuthHeaders();
    expect((await server.getUser({ tokenStore: new Request('https://app.example.com/', { headers }) }))?.primaryEmail).toBe(email);
  });

  it('getRefreshToken rejects with TokenNotExposedError, which names what to call instead', async () => {
    const { app } = makeApp();
    const error = await app.getRefreshToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenNotExposedError);
    expect(error).toMatchObject({ method: 'getRefreshToken', token: 'refresh' });
    expect((error as Error).message).toMatch(/forwardAuthTo/);
    expect((error as Error).message).toMatch(/getAuthorizationHeader/);
  });
});

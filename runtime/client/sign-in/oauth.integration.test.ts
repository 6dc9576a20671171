// OAuth sign-in through StackClientApp (page-hosted, memory) against the in-process emulator and its consent
// page: PKCE cookie, authorize URL, callback checks, the code exchange in the session host, MFA.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateTotp } from '../../../emulator/domain/totp.ts';
import { codeChallengeS256, OAUTH_CALLBACK_FAILURE_MESSAGE } from '../../flows/oauth.ts';
import { OAUTH_INVALID_TOTP_ALERT } from '../../flows/mfa.ts';
import { totpSecretToBase64 } from '../../protocol/totp.ts';
import type { StackClientApp } from '../app/client-app.ts';
import { emulatorClientKit } from '../../../testing/runtime/client/emulator-client.ts';
import { fakeBrowserPage } from '../../../testing/runtime/client/fake-browser.ts';

const { emulator, clientApp, allowAtConsentPage } = emulatorClientKit();

/** A browser page at `href` that also records alert(), as the OAuth callback uses it. */
function fakeBrowser(href: string) {
  const page = Object.assign(fakeBrowserPage(href), { alerts: [] as string[] });
  vi.stubGlobal('alert', (text: string) => page.alerts.push(text));
  return page;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function makeApp(options: { onTotpRequired?: () => Promise<string | null> } = {}) {
  const navigations: string[] = [];
  const app = clientApp({ redirectMethod: { navigate: (to) => navigations.push(to) }, ...options });
  return { app, navigations };
}

/** The user at the provider: the emulator's consent page, allowing `identity`; returns the callback URL. */
async function consent(authorizeUrl: string, identity: Record<string, string>): Promise<string> {
  const { authorize, callback, landing } = await allowAtConsentPage(authorizeUrl, identity);
  expect(authorize.status).toBe(307);
  expect(callback.status).toBe(303);
  return landing;
}

async function startSignIn(app: StackClientApp, page: ReturnType<typeof fakeBrowser>, provider = 'github'): Promise<URL> {
  await app.signInWithOAuth(provider);
  return new URL(page.assigned.at(-1) ?? '');
}

describe('OAuth sign-in through StackClientApp', () => {
  it('keeps the verifier in a 1 h cookie, sends PKCE S256 + scope legacy, and signs a new user in', async () => {
    const page = fakeBrowser('http://localhost:3000/handler/sign-in');
    const { app, navigations } = makeApp();
    const authorize = await startSignIn(app, page);
    expect(`${authorize.origin}${authorize.pathname}`).toBe('http://localhost:8102/api/v1/auth/oauth/authorize/github');
    const q = authorize.searchParams;
    expect(q.get('scope')).toBe('legacy');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('redirect_uri')).toBe('http://localhost:3000/handler/oauth-callback');
    expect(q.get('error_redirect_url')).toBe('http://localhost:3000/handler/error');
    const state = q.get('state') ?? '';
    const verifier = page.cookies.get(`stack-oauth-outer-${state}`) ?? '';
    expect(verifier).toMatch(/^[\w-]{43}$/);
    expect(q.get('code_challenge')).toBe(await codeChallengeS256(verifier));
    expect(page.cookieWrites[0]).toMatch(/; max-age=3600; path=\//);

    const email = `oauth-${crypto.randomUUID()}@example.com`;
    page.href = await consent(authorize.toString(), { email });
    expect(await app.callOAuthCallback()).toBe(true);
    expect(page.cookies.has(`stack-oauth-outer-${state}`)).toBe(false);
    expect(page.href).toBe('http://localhost:3000/handler/oauth-callback');
    expect(navigations).toEqual(['/']);
    expect((await app.getSessionSnapshot()).status).toBe('signed-in');
    expect((await app.getUser({ or: 'throw' })).primaryEmail).toBe(email);
  });

  it('ignores a callback without code and state, and one whose state this browser did not start', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const page = fakeBrowser('http://localhost:3000/handler/oauth-callback');
    const { app, navigations } = makeApp();
    expect(await app.callOAuthCallback()).toBe(false);

    const authorize = await startSignIn(app, page);
    const landed = new URL(await consent(authorize.toString(), { email: `tampered-${crypto.randomUUID()}@example.com` }));
    landed.searchParams.set('state', 'tampered-state');
    page.href = landed.toString();
    expect(await app.callOAuthCallback()).toBe(false);
    expect(warn.mock.calls.filter(([text]) => String(text).includes('OAuth'))).toHaveLength(2);
    expect(navigations).toEqual([]);
    expect((await app.getSessionSnapshot()).status).toBe('signed-out');
  });

  it('continues through the TOTP prompt when the user has MFA; a wrong code alerts and stays signed out', async () => {
    const email = `oauth-mfa-${crypto.randomUUID()}@example.com`;
    const secret = crypto.getRandomValues(new Uint8Array(20));
    const first = makeApp();
    const page = fakeBrowser('http://localhost:3000/handler/sign-in');
    page.href = await consent((await startSignIn(first.app, page)).toString(), { email });
    expect(await first.app.callOAuthCallback()).toBe(true);
    await (await first.app.getUser({ or: 'throw' })).update({ totpMultiFactorSecret: secret });
    expect((await first.app.getUser({ or: 'throw' })).isMultiFactorRequired).toBe(true);

    const wrong = makeApp({ onTotpRequired: async () => '000000' });
    page.href = 'http://localhost:3000/handler/sign-in';
    page.href = await consent((await startSignIn(wrong.app, page)).toString(), { email, account_id: email });
    expect(await wrong.app.callOAuthCallback()).toBe(false);
    expect(page.alerts).toEqual([OAUTH_INVALID_TOTP_ALERT]);

    const right = makeApp({ onTotpRequired: () => generateTotp(totpSecretToBase64(secret), Date.now()) });
    page.href = 'http://localhost:3000/handler/sign-in';
    page.href = await consent((await startSignIn(right.app, page)).toString(), { email, account_id: email });
    expect(await right.app.callOAuthCallback()).toBe(true);
    expect(right.navigations).toEqual(['/']);
    expect((await right.app.getUser({ or: 'throw' })).primaryEmail).toBe(email);
  });

  it("trust-checks the after-callback URL the backend echoes, like every redirect; code and state removed", async () => {
    const page = fakeBrowser('http://localhost:3000/handler/sign-in');
    const own = makeApp();
    const authorize = await startSignIn(own.app, page);
    authorize.searchParams.set('after_callback_redirect_url', 'http://localhost:3000/settings?tab=2&code=x');
    page.href = await consent(authorize.toString(), { email: `after-cb-${crypto.randomUUID()}@example.com` });
    expect(await own.app.callOAuthCallback()).toBe(true);
    expect(own.navigations).toEqual(['/settings?tab=2']);

    const foreign = makeApp();
    page.href = 'http://localhost:3000/handler/sign-in';
    const tampered = await startSignIn(foreign.app, page);
    tampered.searchParams.set('after_callback_redirect_url', 'https://evil.example/landing');
    page.href = await consent(tampered.toString(), { email: `after-cb-evil-${crypto.randomUUID()}@example.com` });
    await expect(foreign.app.callOAuthCallback()).rejects.toThrow('Redirect URL https://evil.example/landing is not trusted; should be relative.');
    expect(foreign.navigations).toEqual([]);
  });

  it('wraps a failed exchange that is not a known error', async () => {
    const page = fakeBrowser('http://localhost:3000/handler/sign-in');
    const { app } = makeApp();
    const authorize = await startSignIn(app, page);
    page.href = await consent(authorize.toString(), { email: `fail-${crypto.randomUUID()}@example.com` });
    vi.spyOn(emulator().app, 'fetch').mockResolvedValueOnce(new Response('gateway down', { status: 502 }));
    await expect(app.callOAuthCallback()).rejects.toThrow(OAUTH_CALLBACK_FAILURE_MESSAGE);
  });
});

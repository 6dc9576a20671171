// The SDK's redirectTo<Page>() methods (protocol.md §10.3, §13.1): one per handler URL, trust-checked.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StackClientApp } from './client-app.ts';

const navigations: string[] = [];

function makeApp(urls: ConstructorParameters<typeof StackClientApp>[0]['urls'] = {}): StackClientApp {
  return new StackClientApp({
    projectId: 'p',
    publishableClientKey: 'k',
    tokenStore: 'memory',
    noAutomaticPrefetch: true,
    urls,
    redirectMethod: { navigate: (to) => navigations.push(to) },
    fetch: () => Promise.reject(new Error('no network in this test')),
  });
}

afterEach(() => {
  navigations.length = 0;
  vi.unstubAllGlobals();
});

describe('redirectTo<Page>()', () => {
  it('exists for every handler URL under the SDK names, and goes to that URL', async () => {
    vi.stubGlobal('location', new URL('https://app.example.com/somewhere?x=1'));
    const app = makeApp();
    const pages = {
      redirectToSignOut: '/handler/sign-out',
      redirectToAfterSignOut: '/',
      redirectToHome: '/',
      redirectToAccountSettings: '/handler/account-settings',
      redirectToEmailVerification: '/handler/email-verification',
      redirectToPasswordReset: '/handler/password-reset',
      redirectToForgotPassword: '/handler/forgot-password',
      redirectToMagicLinkCallback: '/handler/magic-link-callback',
      redirectToOAuthCallback: '/handler/oauth-callback',
      redirectToError: '/handler/error',
      redirectToTeamInvitation: '/handler/team-invitation',
    } as const;
    for (const [method, url] of Object.entries(pages)) {
      await app[method as keyof typeof pages]();
      expect(navigations.pop(), method).toBe(url);
    }
    // Those and the four of the next test: one method per handler URL, no more.
    const generated = Object.getOwnPropertyNames(StackClientApp.prototype).filter((name) => name.startsWith('redirectTo'));
    expect(generated.sort()).toEqual([...Object.keys(pages), 'redirectToSignIn', 'redirectToSignUp', 'redirectToAfterSignIn', 'redirectToAfterSignUp'].sort());
  });

  it('sign-in and sign-up carry the way back unless noRedirectBack; after sign-in follows a carried after_auth_return_to', async () => {
    vi.stubGlobal('location', new URL('https://app.example.com/protected?tab=2'));
    const app = makeApp({ afterSignIn: '/in', afterSignUp: '/up' });
    await app.redirectToSignIn();
    expect(navigations.pop()).toBe('/handler/sign-in?after_auth_return_to=%2Fprotected%3Ftab%3D2');
    await app.redirectToSignUp({ noRedirectBack: true });
    expect(navigations.pop()).toBe('/handler/sign-up');
    await app.redirectToAfterSignUp();
    expect(navigations.pop()).toBe('/up');
    vi.stubGlobal('location', new URL('https://app.example.com/handler/sign-in?after_auth_return_to=%2Fprotected'));
    await app.redirectToAfterSignIn();
    expect(navigations.pop()).toBe('/protected');
    await app.redirectToAfterSignIn({ noRedirectBack: true });
    expect(navigations.pop()).toBe('/in');
  });

  it('rejects an absolute handler URL with the SDK message instead of navigating', async () => {
    vi.stubGlobal('location', new URL('https://app.example.com/'));
    const app = makeApp({ home: 'https://elsewhere.example.com/' });
    await expect(app.redirectToHome()).rejects.toThrow('is not trusted; should be relative.');
    expect(navigations).toEqual([]);
  });
});

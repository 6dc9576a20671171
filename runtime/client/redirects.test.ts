// The SDK's redirectTo<Page>() methods (protocol.md §10.3, §13.1): one per handler URL, trust-checked.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StackClientApp } from './client-app.ts';

const navigations: string[] = [];

function makeApp(urls: ConstructorParameters<typeof StackClientApp>[0]['urls'] = {}, fetch: typeof globalThis.fetch = () => Promise.reject(new Error('no network in this test'))): StackClientApp {
  return new StackClientApp({
    projectId: 'p',
    publishableClientKey: 'k',
    tokenStore: 'memory',
    noAutomaticPrefetch: true,
    urls,
    redirectMethod: { navigate: (to) => navigations.push(to) },
    fetch,
  });
}

/** An API that knows only GET /projects/current, with `domains` as the project's trusted domains. */
function projectApi(domains: string[]) {
  const requests: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    requests.push(url.pathname);
    if (url.pathname !== '/api/v1/projects/current') return new Response('not here', { status: 404 });
    const config = {
      sign_up_enabled: true, credential_enabled: true, magic_link_enabled: false, passkey_enabled: false,
      client_team_creation_enabled: false, client_user_deletion_enabled: false, enabled_oauth_providers: [],
      allow_localhost: true, domains: domains.map((domain) => ({ domain, handler_path: '/handler' })),
    };
    return Response.json({ id: 'p', display_name: 'P', config });
  };
  return { fetch, requests };
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

  it('follows an absolute URL on this page\'s origin without asking the API, code and state stripped', async () => {
    vi.stubGlobal('location', new URL('https://app.example.com/'));
    const api = projectApi([]);
    const app = makeApp({ home: 'https://app.example.com/welcome?code=c&state=s&tab=1' }, api.fetch);
    await app.redirectToHome();
    expect(navigations).toEqual(['https://app.example.com/welcome?tab=1']);
    expect(api.requests).toEqual([]);
  });

  it('follows an absolute URL on one of the project\'s trusted domains, read once from the project', async () => {
    vi.stubGlobal('location', new URL('https://app.example.com/'));
    const api = projectApi(['https://accounts.example.org']);
    const app = makeApp({ afterSignIn: 'https://accounts.example.org/done', home: 'https://accounts.example.org/' }, api.fetch);
    await app.redirectToAfterSignIn();
    await app.redirectToHome();
    expect(navigations).toEqual(['https://accounts.example.org/done', 'https://accounts.example.org/']);
    expect(api.requests.filter((p) => p.endsWith('/projects/current'))).toHaveLength(1);
    // Relative targets never need the project.
    await app.redirectToSignOut();
    expect(api.requests.filter((p) => p.endsWith('/projects/current'))).toHaveLength(1);
  });

  it('still refuses other origins, userinfo and script URLs when the project has trusted domains', async () => {
    vi.stubGlobal('location', new URL('https://app.example.com/'));
    const api = projectApi(['https://accounts.example.org']);
    for (const home of ['https://evil.example.com/', 'https://accounts.example.org@evil.example.com/', '//accounts.example.org/', 'javascript:alert(1)']) {
      const app = makeApp({ home }, api.fetch);
      await expect(app.redirectToHome(), home).rejects.toThrow('is not trusted; should be relative.');
    }
    expect(navigations).toEqual([]);
  });

  it('rejects an absolute handler URL with the SDK message instead of navigating', async () => {
    vi.stubGlobal('location', new URL('https://app.example.com/'));
    const app = makeApp({ home: 'https://elsewhere.example.com/' });
    await expect(app.redirectToHome()).rejects.toThrow('is not trusted; should be relative.');
    expect(navigations).toEqual([]);
  });
});

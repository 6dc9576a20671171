// The SDK's redirectTo<Page>() methods: one per handler URL, trust-checked.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTrustedRedirect, UntrustedRedirectError } from '../../flows/redirect-trust.ts';
import { StackClientApp } from './client-app.ts';

const navigations: string[] = [];

type AppOptions = ConstructorParameters<typeof StackClientApp>[0];

/** The page at `href`; a full page load (`location.assign`/`replace`) is recorded as `load <url>`. */
function visit(href: string): void {
  const load = (to: string) => void navigations.push(`load ${to}`);
  vi.stubGlobal('location', Object.assign(new URL(href), { assign: load, replace: load }));
}

function makeApp(urls: AppOptions['urls'] = {}, fetch: typeof globalThis.fetch = () => Promise.reject(new Error('no network in this test')), options: Partial<AppOptions> = {}): StackClientApp {
  return new StackClientApp({
    projectId: 'p',
    publishableClientKey: 'k',
    tokenStore: 'memory',
    noAutomaticPrefetch: true,
    urls,
    redirectMethod: { navigate: (to) => navigations.push(to) },
    fetch,
    ...options,
  });
}

/**
 * An API that knows only GET /projects/current. The newer dialect sends the project's trusted
 * `domains` and `allow_localhost` to clients; the older one (`domains: null`, 2.7) sends neither.
 */
function projectApi(domains: string[] | null, allowLocalhost = true) {
  const requests: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    requests.push(url.pathname);
    if (url.pathname !== '/api/v1/projects/current') return new Response('not here', { status: 404 });
    const config = {
      sign_up_enabled: true, credential_enabled: true, magic_link_enabled: false, passkey_enabled: false,
      client_team_creation_enabled: false, client_user_deletion_enabled: false, enabled_oauth_providers: [],
      ...(domains === null ? {} : { allow_localhost: allowLocalhost, domains: domains.map((domain) => ({ domain, handler_path: '/handler' })) }),
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
    visit('https://app.example.com/somewhere?x=1');
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
    visit('https://app.example.com/protected?tab=2');
    const app = makeApp({ afterSignIn: '/in', afterSignUp: '/up' });
    await app.redirectToSignIn();
    expect(navigations.pop()).toBe('/handler/sign-in?after_auth_return_to=%2Fprotected%3Ftab%3D2');
    await app.redirectToSignUp({ noRedirectBack: true });
    expect(navigations.pop()).toBe('/handler/sign-up');
    await app.redirectToAfterSignUp();
    expect(navigations.pop()).toBe('/up');
    visit('https://app.example.com/handler/sign-in?after_auth_return_to=%2Fprotected');
    await app.redirectToAfterSignIn();
    expect(navigations.pop()).toBe('/protected');
    await app.redirectToAfterSignIn({ noRedirectBack: true });
    expect(navigations.pop()).toBe('/in');
  });

  it('follows an absolute URL on this page\'s origin without asking the API, code and state stripped', async () => {
    visit('https://app.example.com/');
    const api = projectApi([]);
    const app = makeApp({ home: 'https://app.example.com/welcome?code=c&state=s&tab=1' }, api.fetch);
    await app.redirectToHome();
    // Made relative, as the SDK does for its own origin (what an app's router takes).
    expect(navigations).toEqual(['/welcome?tab=1']);
    expect(api.requests).toEqual([]);
  });

  it('follows an absolute URL on one of the project\'s trusted domains, read once from the project', async () => {
    visit('https://app.example.com/');
    const api = projectApi(['https://accounts.example.org']);
    const app = makeApp({ afterSignIn: 'https://accounts.example.org/done', home: 'https://accounts.example.org/' }, api.fetch);
    await app.redirectToAfterSignIn();
    await app.redirectToHome();
    // Another origin: a full page load, whatever the app's router (it navigates within its own origin).
    expect(navigations).toEqual(['load https://accounts.example.org/done', 'load https://accounts.example.org/']);
    expect(api.requests.filter((p) => p.endsWith('/projects/current'))).toHaveLength(1);
    // Relative targets never need the project.
    await app.redirectToSignOut();
    expect(api.requests.filter((p) => p.endsWith('/projects/current'))).toHaveLength(1);
  });

  it('still refuses other origins, userinfo and script URLs when the project has trusted domains', async () => {
    visit('https://app.example.com/');
    const api = projectApi(['https://accounts.example.org']);
    for (const home of ['https://evil.example.com/', 'https://accounts.example.org@evil.example.com/', '//accounts.example.org/', 'javascript:alert(1)']) {
      const app = makeApp({ home }, api.fetch);
      await expect(app.redirectToHome(), home).rejects.toThrow('is not trusted; should be relative.');
    }
    expect(navigations).toEqual([]);
  });

  it("matches the project's wildcard domains and honours its allow-localhost setting (newer dialect)", async () => {
    visit('https://app.example.com/');
    const api = projectApi(['https://*.example.org']);
    await makeApp({ afterSignIn: 'https://accounts.example.org/done', home: 'http://localhost:3000/dev' }, api.fetch).redirectToAfterSignIn();
    await makeApp({ home: 'http://localhost:3000/dev' }, api.fetch).redirectToHome();
    expect(navigations).toEqual(['load https://accounts.example.org/done', 'load http://localhost:3000/dev']);
    await expect(makeApp({ home: 'https://a.b.example.org/' }, api.fetch).redirectToHome()).rejects.toThrow('is not trusted; should be relative.');
    await expect(makeApp({ home: 'http://localhost:3000/dev' }, projectApi(['https://*.example.org'], false).fetch).redirectToHome()).rejects.toThrow('is not trusted');
  });

  it("against the older dialect (no domains sent to clients) follows the app's own trustedDomains, without a project read", async () => {
    visit('https://app.example.com/');
    const older = projectApi(null);
    await expect(makeApp({ afterSignIn: 'https://accounts.example.org/done' }, older.fetch).redirectToAfterSignIn()).rejects.toThrow('is not trusted');
    await expect(makeApp({ home: 'http://localhost:3000/' }, older.fetch).redirectToHome()).rejects.toThrow('is not trusted');
    const requestsBefore = older.requests.length;
    const app = makeApp({ afterSignIn: 'https://accounts.example.org/done' }, older.fetch, { trustedDomains: ['https://*.example.org'] });
    await app.redirectToAfterSignIn();
    expect(navigations).toEqual(['load https://accounts.example.org/done']);
    expect(older.requests.length).toBe(requestsBefore);
  });

  it('isTrustedRedirect(url, await app.getRedirectTrust()) answers exactly what the app follows', async () => {
    visit('https://app.example.com/page');
    const api = projectApi(['https://*.example.org', 'https://partner.example.net:8443']);
    const targets = fc.oneof(
      fc.constantFrom('/x', 'x?y', 'https://app.example.com/a', 'https://a.example.org/', 'https://a.b.example.org/', 'https://partner.example.net:8443/', 'https://partner.example.net/', 'http://localhost:1/', 'http://127.0.0.1/', '//evil.example/', 'javascript:alert(1)', 'https://u@a.example.org/', 'https://app.example.net/'),
      fc.webUrl({ validSchemes: ['https', 'http'] }),
    );
    await fc.assert(
      fc.asyncProperty(targets, async (home) => {
        const app = makeApp({ home }, api.fetch, { trustedDomains: ['https://app.example.net'] });
        const answer = isTrustedRedirect(home, await app.getRedirectTrust());
        const followed = await app.redirectToHome().then(
          () => true,
          () => false,
        );
        expect(followed, home).toBe(answer);
      }),
      { numRuns: 150 },
    );
  });

  it('signOut() signs out at once, then trust-checks its target like every redirect', async () => {
    visit('https://app.example.com/');
    const app = makeApp({ afterSignOut: '/bye?code=c' });
    await app.signOut();
    expect(navigations.pop()).toBe('/bye');
    await app.signOut({ redirectUrl: 'https://app.example.com/elsewhere' });
    expect(navigations.pop()).toBe('/elsewhere');
    await expect(app.signOut({ redirectUrl: 'https://evil.example.com/' })).rejects.toThrow(UntrustedRedirectError);
    expect(app.session.getSnapshot().status).toBe('signed-out');
    expect(navigations).toEqual([]);
  });

  it('rejects an absolute handler URL with the SDK message instead of navigating', async () => {
    visit('https://app.example.com/');
    const app = makeApp({ home: 'https://elsewhere.example.com/' });
    await expect(app.redirectToHome()).rejects.toThrow('is not trusted; should be relative.');
    expect(navigations).toEqual([]);
  });
});

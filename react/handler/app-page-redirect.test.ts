import { describe, expect, it, vi } from 'vitest';
import { resolveHandlerUrls } from '../../runtime/flows/handler-urls.ts';
import { appPageRedirectTarget, isTrustedAppPage } from './app-page-redirect.ts';

const here = (path: string) => new URL(path, 'https://app.example/');

describe('appPageRedirectTarget', () => {
  it('sends a built-in page to the URL the app points it at, keeping the query and hash', () => {
    const urls = resolveHandlerUrls({ signIn: '/my-sign-in' });
    expect(appPageRedirectTarget(urls, 'signIn', here('/handler/sign-in?after_auth_return_to=%2Fx#top'))).toBe('/my-sign-in?after_auth_return_to=%2Fx#top');
  });

  it('keeps the query of the app URL, the current query winning on the same name', () => {
    const urls = resolveHandlerUrls({ passwordReset: '/account/reset?theme=dark&code=stale' });
    expect(appPageRedirectTarget(urls, 'passwordReset', here('/handler/password-reset?code=abc'))).toBe('/account/reset?theme=dark&code=abc');
  });

  it('does not redirect when the URL is a built-in handler page (the default, an alias, another base path)', () => {
    expect(appPageRedirectTarget(resolveHandlerUrls(), 'signIn', here('/handler/log-in'))).toBeNull();
    expect(appPageRedirectTarget(resolveHandlerUrls({ signIn: '/handler/log-in' }), 'signIn', here('/handler/sign-in'))).toBeNull();
    expect(appPageRedirectTarget(resolveHandlerUrls({ handler: '/auth' }), 'signUp', here('/auth/register'))).toBeNull();
  });

  it('redirects to a route of the app under the handler path that is not a built-in page', () => {
    const urls = resolveHandlerUrls({ signIn: '/handler/custom-sign-in' });
    expect(appPageRedirectTarget(urls, 'signIn', here('/handler/sign-in'))).toBe('/handler/custom-sign-in');
  });

  it('gives an absolute URL for another origin, even one that has the handler path', () => {
    const urls = resolveHandlerUrls({ accountSettings: 'https://accounts.example/handler/account-settings' });
    expect(appPageRedirectTarget(urls, 'accountSettings', here('/handler/account-settings?tab=teams'))).toBe(
      'https://accounts.example/handler/account-settings?tab=teams',
    );
  });
});

describe('isTrustedAppPage', () => {
  const app = (trustedDomains: string[]) => {
    const getRedirectTrust = vi.fn(async () => ({ currentUrl: 'https://app.example/handler/sign-in', trustedDomains }));
    return { getRedirectTrust };
  };

  it("trusts relative and same-origin app pages without reading the app's trust", async () => {
    vi.stubGlobal('location', new URL('https://app.example/handler/oauth-callback?code=c&state=s'));
    const trusting = app([]);
    expect(await isTrustedAppPage(trusting, '/my-callback?code=c&state=s')).toBe(true);
    expect(await isTrustedAppPage(trusting, 'https://app.example/my-callback?code=c')).toBe(true);
    expect(trusting.getRedirectTrust).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it("sends code and state to another origin only when it is on the app's trusted domains", async () => {
    vi.stubGlobal('location', new URL('https://app.example/handler/oauth-callback?code=c&state=s'));
    expect(await isTrustedAppPage(app(['https://*.app.example']), 'https://accounts.app.example/cb?code=c&state=s')).toBe(true);
    expect(await isTrustedAppPage(app(['https://*.app.example']), 'https://evil.example/cb?code=c&state=s')).toBe(false);
    expect(await isTrustedAppPage(app([]), 'https://accounts.app.example/cb?code=c&state=s')).toBe(false);
    expect(await isTrustedAppPage(app(['https://*.app.example']), 'javascript:alert(1)')).toBe(false);
    vi.unstubAllGlobals();
  });
});

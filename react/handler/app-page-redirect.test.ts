import { describe, expect, it } from 'vitest';
import { resolveHandlerUrls } from '../../runtime/flows/handler-urls.ts';
import { appPageRedirectTarget } from './app-page-redirect.ts';

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

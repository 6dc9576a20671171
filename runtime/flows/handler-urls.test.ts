import { describe, expect, test } from 'vitest';
import { afterAuthRedirectTarget, constructCallbackUrl, requireCallbackUrl, signInRedirectTarget } from './callback-urls.ts';
import { handlerRouteForPath, resolveHandlerUrls } from './handler-urls.ts';

describe('handler URL defaults', () => {
  test('defaults', () => {
    expect(resolveHandlerUrls()).toEqual({
      handler: '/handler',
      home: '/',
      signIn: '/handler/sign-in',
      signUp: '/handler/sign-up',
      signOut: '/handler/sign-out',
      emailVerification: '/handler/email-verification',
      passwordReset: '/handler/password-reset',
      forgotPassword: '/handler/forgot-password',
      oauthCallback: '/handler/oauth-callback',
      magicLinkCallback: '/handler/magic-link-callback',
      accountSettings: '/handler/account-settings',
      error: '/handler/error',
      teamInvitation: '/handler/team-invitation',
      afterSignIn: '/',
      afterSignUp: '/',
      afterSignOut: '/',
    });
  });

  test('after-sign-up follows after-sign-in, which follows home', () => {
    const urls = resolveHandlerUrls({ home: '/app', afterSignIn: '/dashboard' });
    expect(urls.afterSignUp).toBe('/dashboard');
    expect(urls.afterSignOut).toBe('/app');
    expect(resolveHandlerUrls({ home: '/app' }).afterSignUp).toBe('/app');
  });

  test('a custom handler path moves every page; explicit pages win', () => {
    const urls = resolveHandlerUrls({ handler: '/auth/', signIn: '/login' });
    expect(urls.signUp).toBe('/auth/sign-up');
    expect(urls.signIn).toBe('/login');
  });

  test('route aliases', () => {
    expect(handlerRouteForPath('/handler', '/handler/log-in')).toBe('signIn');
    expect(handlerRouteForPath('/handler', '/handler/register/')).toBe('signUp');
    expect(handlerRouteForPath('/handler', '/handler/oauth-callback')).toBe('oauthCallback');
    expect(handlerRouteForPath('/handler', '/handler/toString')).toBeNull();
    expect(handlerRouteForPath('/handler', '/other/sign-in')).toBeNull();
  });
});

describe('after_auth_return_to propagation', () => {
  const here = new URL('https://app.example.com/settings?tab=2#top');

  test('sign-in target carries the current page', () => {
    expect(signInRedirectTarget('/handler/sign-in', here)).toBe('/handler/sign-in?after_auth_return_to=%2Fsettings%3Ftab%3D2%23top');
  });

  test('an existing after_auth_return_to is copied, not replaced', () => {
    const page = new URL('https://app.example.com/handler/sign-up?after_auth_return_to=%2Fcart');
    expect(signInRedirectTarget('/handler/sign-in', page)).toBe('/handler/sign-in?after_auth_return_to=%2Fcart');
  });

  test('cross-origin sign-in page gets no return target; noRedirectBack leaves the URL alone', () => {
    expect(signInRedirectTarget('https://auth.other.com/sign-in', here)).toBe('/sign-in');
    expect(signInRedirectTarget('/handler/sign-in', here, { noRedirectBack: true })).toBe('/handler/sign-in');
  });

  test('after-sign-in uses the carried target, else the configured one', () => {
    expect(afterAuthRedirectTarget('/', new URL('https://app.example.com/handler/sign-in?after_auth_return_to=%2Fcart'))).toBe('/cart');
    expect(afterAuthRedirectTarget('/home', here)).toBe('/home');
    expect(afterAuthRedirectTarget('/home', null)).toBe('/home');
    expect(afterAuthRedirectTarget('/home', new URL('https://a.example/?after_auth_return_to=%2Fx'), { noRedirectBack: true })).toBe('/home');
  });

  test('callback URLs are absolute, carry after_auth_return_to and lose the hash', () => {
    const page = new URL('https://app.example.com/handler/sign-in?after_auth_return_to=%2Fcart#frag');
    expect(constructCallbackUrl('/handler/oauth-callback', page)).toBe('https://app.example.com/handler/oauth-callback?after_auth_return_to=%2Fcart');
  });

  test('OAuth redirect URIs also lose code/state', () => {
    const page = new URL('https://app.example.com/p?code=abc&state=xyz');
    expect(constructCallbackUrl('/handler/oauth-callback?code=1&state=2&keep=1', page, { stripOAuthParams: true })).toBe(
      'https://app.example.com/handler/oauth-callback?keep=1',
    );
  });

  test('e-mail flows need a callback URL or a current page', () => {
    expect(requireCallbackUrl('send magic link email', 'https://x.example/cb', '/handler/magic-link-callback', null)).toBe('https://x.example/cb');
    expect(requireCallbackUrl('invite user', undefined, '/handler/team-invitation', new URL('https://app.example.com/t'))).toBe(
      'https://app.example.com/handler/team-invitation',
    );
    expect(() => requireCallbackUrl('send forgot password email', undefined, '/handler/password-reset', null)).toThrow(
      /^Cannot send forgot password email without a callback URL from the server or without a redirect method\./,
    );
  });
});

import { describe, expect, test } from 'vitest';
import {
  buildAuthorizeUrl,
  callbackUrlWithoutOAuthParams,
  codeChallengeS256,
  createPkcePair,
  randomOAuthValue,
  readCallbackParams,
} from './oauth.ts';

describe('PKCE', () => {
  test('verifier and state are 43 base64url chars', () => {
    expect(randomOAuthValue()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test('S256 challenge matches RFC 7636 appendix B', async () => {
    expect(await codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  test('pair', async () => {
    const pair = await createPkcePair();
    expect(pair.codeChallenge).toBe(await codeChallengeS256(pair.codeVerifier));
    expect(pair.state).not.toBe(pair.codeVerifier);
  });
});

describe('authorize URL', () => {
  const base = {
    apiBaseUrl: 'https://api.example.com/',
    provider: 'GitHub',
    projectId: 'p1',
    publishableClientKey: 'pck_1',
    redirectUri: 'https://app.example.com/handler/oauth-callback',
    errorRedirectUrl: 'https://app.example.com/handler/error',
    pkce: { codeChallenge: 'ch', state: 'st' },
  };

  test('sign-in', () => {
    const url = new URL(buildAuthorizeUrl(base));
    expect(url.origin + url.pathname).toBe('https://api.example.com/api/v1/auth/oauth/authorize/github');
    expect([...url.searchParams.keys()]).toEqual([
      'client_id', 'client_secret', 'redirect_uri', 'scope', 'state', 'grant_type', 'code_challenge', 'code_challenge_method', 'response_type', 'type', 'error_redirect_url',
    ]);
    expect(url.searchParams.get('type')).toBe('authenticate');
    expect(url.searchParams.get('scope')).toBe('legacy');
    expect(url.searchParams.has('provider_scope')).toBe(false);
  });

  test('link adds token, after_callback_redirect_url and provider_scope', () => {
    const url = new URL(buildAuthorizeUrl({ ...base, link: { accessToken: 'at', afterCallbackRedirectUrl: 'https://app.example.com/s', providerScope: 'repo' } }));
    expect(url.searchParams.get('type')).toBe('link');
    expect(url.searchParams.get('token')).toBe('at');
    expect(url.searchParams.get('provider_scope')).toBe('repo');
  });

  test('a link built in the page has no token: the session host adds it', () => {
    const url = new URL(buildAuthorizeUrl({ ...base, link: { afterCallbackRedirectUrl: 'https://app.example.com/s' } }));
    expect(url.searchParams.get('type')).toBe('link');
    expect(url.searchParams.has('token')).toBe(false);
    expect(url.searchParams.has('provider_scope')).toBe(false);
    expect(url.searchParams.get('after_callback_redirect_url')).toBe('https://app.example.com/s');
  });
});

describe('callback page', () => {
  test('missing code or state is ignored', () => {
    expect(readCallbackParams(new URL('https://app.example.com/cb?code=1')).kind).toBe('ignore');
    expect(readCallbackParams(new URL('https://app.example.com/cb')).kind).toBe('ignore');
  });

  test('code + matching state', () => {
    expect(readCallbackParams(new URL('https://app.example.com/cb?code=c&state=s'), { state: 's' })).toEqual({ kind: 'code', code: 'c', state: 's' });
  });

  test('error param, state mismatch, issuer mismatch', () => {
    expect(readCallbackParams(new URL('https://a.example/cb?error=access_denied&error_description=no'))).toEqual({
      kind: 'error',
      error: 'access_denied',
      description: 'no',
    });
    expect(readCallbackParams(new URL('https://a.example/cb?code=c&state=x'), { state: 's' }).kind).toBe('error');
    expect(readCallbackParams(new URL('https://a.example/cb?code=c&state=s&iss=https://evil'), { issuer: 'https://api.example.com' }).kind).toBe('error');
  });

  test('history URL drops code/state only', () => {
    expect(callbackUrlWithoutOAuthParams(new URL('https://a.example/cb?code=c&state=s&after_auth_return_to=%2Fx#h'))).toBe(
      'https://a.example/cb?after_auth_return_to=%2Fx#h',
    );
  });
});

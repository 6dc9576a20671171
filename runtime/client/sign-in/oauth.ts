// OAuth sign-in on the page: PKCE and the authorize navigation here; the code exchange is
// done by the session backend (the worker), so the tokens never reach the page.
import { constructCallbackUrl } from '../../flows/callback-urls.ts';
import {
  OAUTH_CALLBACK_FAILURE_MESSAGE,
  OAUTH_OUTER_COOKIE_PREFIX,
  OAUTH_VERIFIER_MAX_AGE_SECONDS,
  buildAuthorizeUrl,
  callbackUrlWithoutOAuthParams,
  createPkcePair,
  readCallbackParams,
} from '../../flows/oauth.ts';
import { KnownError } from '../../protocol/errors/base.ts';
import type { OAuthSignInResultData } from '../../bridge/messages.ts';
import type { ClientContext } from '../app/context.ts';
import { withMfa } from './sign-in.ts';

/** The page the browser is on; OAuth needs one (it is a browser navigation). */
function pageUrl(ctx: ClientContext, action: string): URL {
  const current = ctx.currentUrl();
  if (current === null || typeof document === 'undefined') throw new Error(`authworker: ${action} needs a browser page.`);
  return current;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; samesite=lax${secure}`;
}

/**
 * The authorize URL of a sign-in or a link: the PKCE verifier goes into the
 * `stack-oauth-outer-<state>` cookie for an hour, the callback URLs are built from the current page.
 */
async function startAuthorization(
  ctx: ClientContext,
  provider: string,
  current: URL,
  link?: { providerScope: string },
  returnTo?: string,
): Promise<string> {
  const pkce = await createPkcePair();
  writeCookie(OAUTH_OUTER_COOKIE_PREFIX + pkce.state, pkce.codeVerifier, OAUTH_VERIFIER_MAX_AGE_SECONDS);
  return buildAuthorizeUrl({
    apiBaseUrl: ctx.config.apiUrl,
    provider,
    projectId: ctx.config.projectId,
    publishableClientKey: ctx.config.publishableClientKey,
    redirectUri: constructCallbackUrl(ctx.urls.oauthCallback, current, { stripOAuthParams: true }),
    errorRedirectUrl: constructCallbackUrl(ctx.urls.error, current, { stripOAuthParams: true }),
    pkce,
    // Built as the SDK builds it: absolute, the carried after_auth_return_to kept, no fragment.
    ...(returnTo !== undefined && { afterCallbackRedirectUrl: constructCallbackUrl(returnTo, current) }),
    ...(link && {
      link: {
        afterCallbackRedirectUrl: constructCallbackUrl(current.href, current, { stripOAuthParams: true }),
        ...(link.providerScope ? { providerScope: link.providerScope } : {}),
      },
    }),
  });
}

/**
 * Starts the sign-in with a provider: the browser leaves for the API's authorize URL. With `returnTo`
 * the token answer names it as the after-callback URL, where the callback page goes (relative to this page).
 */
export async function signInWithOAuth(ctx: ClientContext, provider: string, options: { returnTo?: string } = {}): Promise<void> {
  const url = await startAuthorization(ctx, provider, pageUrl(ctx, 'signInWithOAuth'), undefined, options.returnTo);
  // The authorize URL is on the API origin: a full navigation, whatever the app's redirect method.
  location.assign(url);
}

/**
 * Links a provider account to the signed-in user, then comes back to this page. The authorize URL
 * needs the user's access token: the session host adds it (a worker through a same-origin redirect), so it
 * never passes through page code. `scopes` are merged with the app's `oauthScopesOnSignIn` for the provider.
 */
export async function linkOAuthAccount(ctx: ClientContext, provider: string, options: { scopes?: readonly string[] } = {}): Promise<void> {
  const current = pageUrl(ctx, 'linking an OAuth account');
  const providerScope = [...new Set([...(ctx.oauthScopesOnSignIn[provider] ?? []), ...(options.scopes ?? [])])].join(' ');
  const authorizeUrl = await startAuthorization(ctx, provider, current, { providerScope });
  const { navigateTo } = await ctx.backend.call('prepareOAuthLink', { authorizeUrl });
  location.assign(navigateTo);
}

/**
 * Finishes the sign-in on the oauth-callback page: true when it signed in and redirected.
 * A URL without code and state, or with a state this browser did not start, is not ours: warn and do nothing.
 */
export async function callOAuthCallback(ctx: ClientContext): Promise<boolean> {
  const current = pageUrl(ctx, 'callOAuthCallback');
  const code = current.searchParams.get('code');
  const state = current.searchParams.get('state');
  if (!code || !state) {
    console.warn('[authworker] the OAuth callback URL has no code and state; ignoring it.');
    return false;
  }
  const cookieName = OAUTH_OUTER_COOKIE_PREFIX + state;
  const codeVerifier = readCookie(cookieName);
  if (!codeVerifier) {
    console.warn('[authworker] no OAuth sign-in was started with this state in this browser; ignoring the callback.');
    return false;
  }
  writeCookie(cookieName, '', 0);
  history.replaceState(history.state, '', callbackUrlWithoutOAuthParams(current));

  const params = readCallbackParams(current, { state, issuer: ctx.config.apiUrl });
  if (params.kind !== 'code') throw new Error(OAUTH_CALLBACK_FAILURE_MESSAGE);
  const redirectUri = constructCallbackUrl(ctx.urls.oauthCallback, current, { stripOAuthParams: true });
  let result: OAuthSignInResultData;
  try {
    // After an MFA prompt the result has no after-callback URL (the SDK loses it too).
    result = { afterCallbackRedirectUrl: null, ...(await withMfa(ctx, () => ctx.backend.call('exchangeOAuthCode', { code, codeVerifier, redirectUri }))) };
  } catch (error) {
    // INVALID_TOTP_CODE has no child codes: its code alone identifies it.
    if (error instanceof KnownError && error.code === 'INVALID_TOTP_CODE') {
      const { OAUTH_INVALID_TOTP_ALERT } = await import('../../flows/mfa.ts');
      if (typeof alert === 'function') alert(OAUTH_INVALID_TOTP_ALERT);
      return false;
    }
    if (error instanceof KnownError) throw error;
    throw new Error(OAUTH_CALLBACK_FAILURE_MESSAGE, { cause: error });
  }
  ctx.sessionChanged(result);
  const returnTo = current.searchParams.get('after_auth_return_to');
  // Trust-checked like every redirect (the SDK follows the after-callback URL unchecked): the backend echoes what the flow sent it.
  await ctx.redirect(result.afterCallbackRedirectUrl || returnTo || (result.isNewUser ? ctx.urls.afterSignUp : ctx.urls.afterSignIn), { replace: true });
  return true;
}

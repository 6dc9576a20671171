// URLs built from the current page: the targets of the redirect methods, and the callback URLs
// sent to the backend with e-mail and OAuth flows. Loaded when first needed, apart from the handler
// URLs, which the page needs at start-up.
import { AFTER_AUTH_RETURN_TO, relativePart } from './handler-urls.ts';
import { stripOAuthParams } from './redirect-trust.ts';

export interface RedirectBackOptions {
  noRedirectBack?: boolean;
}

/**
 * Target of redirectToSignIn/SignUp: the page URL plus `after_auth_return_to`, copied from the current URL
 * or, for a same-origin page, set to where the user is now. Returned relative; trust-check it before use.
 */
export function signInRedirectTarget(pageUrl: string, currentUrl: URL, options: RedirectBackOptions = {}): string {
  if (options.noRedirectBack) return pageUrl;
  const next = new URL(pageUrl, currentUrl);
  const carried = currentUrl.searchParams.get(AFTER_AUTH_RETURN_TO);
  if (carried !== null) next.searchParams.set(AFTER_AUTH_RETURN_TO, carried);
  else if (next.protocol === currentUrl.protocol && next.host === currentUrl.host) next.searchParams.set(AFTER_AUTH_RETURN_TO, relativePart(currentUrl));
  return relativePart(next);
}

/** Target of redirectToAfterSignIn/AfterSignUp: the carried `after_auth_return_to`, else the configured URL. */
export function afterAuthRedirectTarget(configuredUrl: string, currentUrl: URL | null, options: RedirectBackOptions = {}): string {
  if (options.noRedirectBack || currentUrl === null) return configuredUrl;
  return currentUrl.searchParams.get(AFTER_AUTH_RETURN_TO) || configuredUrl;
}

/**
 * A callback URL sent to the backend (`constructRedirectUrl`): absolute against the current page, carrying
 * `after_auth_return_to`, without hash. OAuth redirect URIs also lose any `code`/`state`.
 */
export function constructCallbackUrl(target: string, currentUrl: URL, options: { stripOAuthParams?: boolean } = {}): string {
  let url = new URL(target, currentUrl);
  const carried = currentUrl.searchParams.get(AFTER_AUTH_RETURN_TO);
  if (carried !== null) url.searchParams.set(AFTER_AUTH_RETURN_TO, carried);
  url.hash = '';
  if (options.stripOAuthParams) url = stripOAuthParams(url).url;
  return url.toString();
}

export type CallbackAction = 'send forgot password email' | 'send magic link email' | 'send verification email' | 'invite user';

/** The callback URL for an e-mail flow: the explicit one, else built from the current page, else an error. */
export function requireCallbackUrl(action: CallbackAction, explicit: string | undefined, pageUrl: string, currentUrl: URL | null): string {
  if (explicit !== undefined) return explicit;
  if (currentUrl === null) {
    throw new Error(
      `Cannot ${action} without a callback URL from the server or without a redirect method. Make sure you pass the \`callbackUrl\` option.`,
    );
  }
  return constructCallbackUrl(pageUrl, currentUrl);
}

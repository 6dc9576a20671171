/** Handler and destination URLs of an app (protocol.md §10.3). */
export interface HandlerUrls {
  handler: string;
  home: string;
  signIn: string;
  signUp: string;
  signOut: string;
  afterSignIn: string;
  afterSignUp: string;
  afterSignOut: string;
  emailVerification: string;
  passwordReset: string;
  forgotPassword: string;
  oauthCallback: string;
  magicLinkCallback: string;
  accountSettings: string;
  error: string;
  teamInvitation: string;
}

export const AFTER_AUTH_RETURN_TO = 'after_auth_return_to';

export function resolveHandlerUrls(overrides: Partial<HandlerUrls> = {}): HandlerUrls {
  const handler = (overrides.handler ?? '/handler').replace(/\/+$/, '');
  const home = overrides.home ?? '/';
  const afterSignIn = overrides.afterSignIn ?? home;
  return {
    handler,
    home,
    signIn: `${handler}/sign-in`,
    signUp: `${handler}/sign-up`,
    signOut: `${handler}/sign-out`,
    emailVerification: `${handler}/email-verification`,
    passwordReset: `${handler}/password-reset`,
    forgotPassword: `${handler}/forgot-password`,
    oauthCallback: `${handler}/oauth-callback`,
    magicLinkCallback: `${handler}/magic-link-callback`,
    accountSettings: `${handler}/account-settings`,
    error: `${handler}/error`,
    teamInvitation: `${handler}/team-invitation`,
    afterSignIn,
    afterSignUp: overrides.afterSignUp ?? afterSignIn,
    afterSignOut: overrides.afterSignOut ?? home,
    ...overrides,
  };
}

export class UntrustedRedirectError extends Error {
  override name = 'UntrustedRedirectError';
  constructor(url: string) {
    super(`Redirect URL ${url} is not trusted; should be relative.`);
  }
}

const PROBE_ORIGIN = 'https://redirect-trust-probe.invalid';

/**
 * A redirect target is trusted when it stays on the current origin: resolved against a probe
 * origin it must keep that origin (so `//host`, `/\host`, `javascript:` and absolute URLs fail).
 * Returns the relative form (path, query, hash) with `code` and `state` removed.
 */
export function toTrustedRedirect(target: string): string {
  let resolved: URL;
  try {
    resolved = new URL(target, `${PROBE_ORIGIN}/`);
  } catch {
    throw new UntrustedRedirectError(target);
  }
  if (resolved.origin !== PROBE_ORIGIN) throw new UntrustedRedirectError(target);
  resolved.searchParams.delete('code');
  resolved.searchParams.delete('state');
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** The sign-in (or sign-up) URL that brings the user back to `returnTo` afterwards. */
export function withReturnTo(handlerUrl: string, returnTo: string): string {
  const url = new URL(handlerUrl, `${PROBE_ORIGIN}/`);
  url.searchParams.set(AFTER_AUTH_RETURN_TO, returnTo);
  return url.origin === PROBE_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

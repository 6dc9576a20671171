// Handler URL defaults and `after_auth_return_to` propagation.

export interface HandlerUrls {
  handler: string;
  home: string;
  signIn: string;
  signUp: string;
  signOut: string;
  emailVerification: string;
  passwordReset: string;
  forgotPassword: string;
  oauthCallback: string;
  magicLinkCallback: string;
  accountSettings: string;
  error: string;
  teamInvitation: string;
  afterSignIn: string;
  afterSignUp: string;
  afterSignOut: string;
}

export type HandlerName = keyof HandlerUrls;

export const AFTER_AUTH_RETURN_TO = 'after_auth_return_to';

/** Handler page of each route segment under the handler path; `log-in` and `register` are aliases. */
const HANDLER_ROUTES = {
  'sign-in': 'signIn',
  'log-in': 'signIn',
  'sign-up': 'signUp',
  register: 'signUp',
  'sign-out': 'signOut',
  'email-verification': 'emailVerification',
  'password-reset': 'passwordReset',
  'forgot-password': 'forgotPassword',
  'oauth-callback': 'oauthCallback',
  'magic-link-callback': 'magicLinkCallback',
  'account-settings': 'accountSettings',
  error: 'error',
  'team-invitation': 'teamInvitation',
} as const satisfies Record<string, HandlerName>;

export type HandlerRoute = (typeof HANDLER_ROUTES)[keyof typeof HANDLER_ROUTES];

/** The SDK's defaults: pages under the handler path; after-sign-up falls back to after-sign-in, then home. */
export function resolveHandlerUrls(overrides: Partial<HandlerUrls> = {}): HandlerUrls {
  const handler = (overrides.handler ?? '/handler').replace(/\/+$/, '') || '/';
  const home = overrides.home ?? '/';
  const afterSignIn = overrides.afterSignIn ?? home;
  const urls: Partial<HandlerUrls> = { handler, home, afterSignIn, afterSignUp: overrides.afterSignUp ?? afterSignIn, afterSignOut: overrides.afterSignOut ?? home };
  // Each page's first segment in HANDLER_ROUTES is its own name; the aliases come after it.
  for (const [segment, page] of Object.entries(HANDLER_ROUTES)) {
    urls[page] ??= overrides[page] ?? `${handler === '/' ? '' : handler}/${segment}`;
  }
  return urls as HandlerUrls;
}

/** Which handler page a pathname under the handler path shows (null = not a handler page). */
export function handlerRouteForPath(handlerPath: string, pathname: string): HandlerRoute | null {
  const prefix = handlerPath.replace(/\/+$/, '');
  if (!pathname.startsWith(`${prefix}/`)) return null;
  const segment = pathname.slice(prefix.length + 1).replace(/\/+$/, '');
  return Object.prototype.hasOwnProperty.call(HANDLER_ROUTES, segment) ? HANDLER_ROUTES[segment as keyof typeof HANDLER_ROUTES] : null;
}

/** path + query + hash: how the SDK makes a same-origin URL relative. */
export function relativePart(url: URL): string {
  return url.pathname + url.search + url.hash;
}

import type { StackClientApp } from '../../runtime/client/app/client-app.ts';
import { handlerRouteForPath, relativePart, type HandlerRoute, type HandlerUrls } from '../../runtime/flows/handler-urls.ts';
import { isTrustedRedirect } from '../../runtime/flows/redirect-trust.ts';

/**
 * Where the built-in page of `route` sends the user when the app has pointed `urls[route]` at a page of its
 * own: that URL with the current query (e.g. `after_auth_return_to`) and hash. Null when the URL is a
 * built-in handler page itself, so the handler never redirects in a loop.
 */
export function appPageRedirectTarget(urls: HandlerUrls, route: HandlerRoute, here: URL): string | null {
  const target = new URL(urls[route], here);
  const sameOrigin = target.origin === here.origin;
  if (sameOrigin && handlerRouteForPath(urls.handler, target.pathname)) return null;
  here.searchParams.forEach((value, key) => target.searchParams.set(key, value));
  target.hash ||= here.hash;
  return sameOrigin ? relativePart(target) : target.href;
}

/** Whether the app follows `target`: relative and same-origin at once, others against its trusted domains (a project read). */
export async function isTrustedAppPage(app: Pick<StackClientApp, 'getRedirectTrust'>, target: string): Promise<boolean> {
  return isTrustedRedirect(target) || isTrustedRedirect(target, await app.getRedirectTrust());
}

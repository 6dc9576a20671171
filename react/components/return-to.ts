import { AFTER_AUTH_RETURN_TO } from '../../runtime/flows/handler-urls.ts';

/** Keeps `after_auth_return_to` when moving between sign-in and sign-up. */
export function carryReturnTo(target: string): string {
  if (typeof location === 'undefined') return target;
  const returnTo = new URL(location.href).searchParams.get(AFTER_AUTH_RETURN_TO);
  if (!returnTo) return target;
  const url = new URL(target, location.href);
  url.searchParams.set(AFTER_AUTH_RETURN_TO, returnTo);
  return `${url.pathname}${url.search}`;
}

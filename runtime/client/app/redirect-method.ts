/** A router's navigation: a function to call, or the router's hook (`useNavigate` of React Router) that gives one. */
type RouterNavigation =
  | { navigate: (to: string) => void; useNavigate?: () => (to: string) => void }
  | { useNavigate: () => (to: string) => void; navigate?: (to: string) => void };

/**
 * How the app navigates: a full page load, the app router's navigate, or not at all. `{ useNavigate }` (the form
 * of the official React guide) is called by `StackProvider`, which must then sit inside the router.
 */
export type RedirectMethod = 'window' | 'none' | RouterNavigation;

/** The key under which an app keeps the navigate its provider got from `redirectMethod.useNavigate()`. */
export const ROUTER_NAVIGATION = Symbol('authworker.routerNavigation');

/** What an app holds of its router: the hook the provider calls, and the navigate it gives once mounted. */
export interface RouterNavigationSlot {
  readonly useNavigate: (() => (to: string) => void) | undefined;
  navigate: ((to: string) => void) | undefined;
}

/** The router slot of an app whose redirect method is `method`. */
export function routerNavigationSlot(method: RedirectMethod): RouterNavigationSlot {
  return { useNavigate: typeof method === 'object' ? method.useNavigate : undefined, navigate: undefined };
}

/**
 * Goes to a trust-checked target: relative ones through the app's method; an absolute one (another origin, the
 * only kind left after the check) always by a full page load, since a router navigates within its own origin.
 * A `{ useNavigate }` method whose provider has not mounted yet (no router navigate) loads the page, as the
 * official SDK always does for that form.
 */
export function performRedirect(method: RedirectMethod, to: string, options: { replace?: boolean } = {}, router?: RouterNavigationSlot): void {
  if (method === 'none') return;
  const navigate = method === 'window' || /^https?:/i.test(to) ? undefined : (method.navigate ?? router?.navigate);
  if (navigate) {
    navigate(to);
    return;
  }
  if (options.replace) location.replace(to);
  else location.assign(to);
}

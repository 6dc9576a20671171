/** How the app navigates: a full page load, the app router's navigate, or not at all. */
export type RedirectMethod = 'window' | 'none' | { navigate: (to: string) => void };

/**
 * Goes to a trust-checked target: relative ones through the app's method; an absolute one (another origin, the
 * only kind left after the check) always by a full page load, since a router navigates within its own origin.
 */
export function performRedirect(method: RedirectMethod, to: string, options: { replace?: boolean } = {}): void {
  if (method === 'none') return;
  if (method === 'window' || /^https?:/i.test(to)) {
    if (options.replace) location.replace(to);
    else location.assign(to);
    return;
  }
  method.navigate(to);
}

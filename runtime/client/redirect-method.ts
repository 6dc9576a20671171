/** How the app navigates: a full page load, the app router's navigate, or not at all. */
export type RedirectMethod = 'window' | 'none' | { navigate: (to: string) => void };

export function performRedirect(method: RedirectMethod, to: string, options: { replace?: boolean } = {}): void {
  if (method === 'none') return;
  if (method === 'window') {
    if (options.replace) location.replace(to);
    else location.assign(to);
    return;
  }
  method.navigate(to);
}

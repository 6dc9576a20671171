// Redirect trust (protocol.md §10.3): only relative targets are followed, and they are normalised first.

export class UntrustedRedirectError extends Error {
  readonly url: string;

  constructor(url: string) {
    super(`Redirect URL ${url} is not trusted; should be relative.`);
    this.name = 'UntrustedRedirectError';
    this.url = url;
  }
}

// Two probe bases with different schemes: `https:evil.com` is relative to an https page but absolute on http.
// A random host means no real origin can ever compare equal to it.
function probeBases(currentUrl: URL | undefined): URL[] {
  const label = crypto.randomUUID();
  const pageRef = currentUrl === undefined ? '/' : currentUrl.pathname + currentUrl.search;
  return [new URL(pageRef, `https://${label}.stack-auth.example.com`), new URL(pageRef, `http://${label}.stack-auth.example.net`)];
}

/**
 * The same-origin path+query+hash a relative `url` points to, or null when it could leave the origin
 * (absolute, protocol-relative, backslash tricks, `javascript:`/`data:`, userinfo, ...). Pass the current
 * page so path-relative targets (`x`, `?a`) keep their meaning.
 */
export function resolveTrustedRedirect(url: string, currentUrl?: URL): string | null {
  if (typeof url !== 'string') return null;
  let resolved: URL | undefined;
  for (const base of probeBases(currentUrl)) {
    let candidate: URL;
    try {
      candidate = new URL(url, base);
    } catch {
      return null;
    }
    if (candidate.protocol !== base.protocol || candidate.host !== base.host || candidate.username !== '' || candidate.password !== '') {
      return null;
    }
    resolved ??= candidate;
  }
  if (resolved === undefined) return null;
  // A normalised path like `//evil.com` (from `/.//evil.com`) would read as protocol-relative once emitted.
  if (resolved.pathname.startsWith('//')) return null;
  return resolved.pathname + resolved.search + resolved.hash;
}

/** Relative only: there is no client-side allowed-domain list (protocol.md §10.3, §11 #4). */
export function isTrustedRedirect(url: string): boolean {
  return resolveTrustedRedirect(url) !== null;
}

export const OAUTH_RESPONSE_PARAMS = ['code', 'state'] as const;

/** Removes `code`/`state` so an OAuth response can never be replayed through a redirect or callback URL. */
export function stripOAuthParams(url: URL): { url: URL; stripped: string[] } {
  const copy = new URL(url);
  const stripped: string[] = [];
  for (const key of OAUTH_RESPONSE_PARAMS) {
    if (copy.searchParams.has(key)) {
      copy.searchParams.delete(key);
      stripped.push(key);
    }
  }
  return { url: copy, stripped };
}

/** Same as `stripOAuthParams` for a relative target such as the output of `resolveTrustedRedirect`. */
export function stripOAuthParamsFromRelative(relative: string): string {
  const base = new URL('https://relative.stack-auth.example.com');
  const { url } = stripOAuthParams(new URL(relative, base));
  return url.pathname + url.search + url.hash;
}

// Redirect trust (spec §2, §5; protocol.md §10.3, §14.5): relative targets, or absolute ones on a trusted origin
// (the app's own, the project's trusted domains), normalised first.

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

/** The origins of `domains` (trusted-domain entries or origins), http(s) only; unparsable entries are skipped. */
export function trustedOrigins(domains: Iterable<string>): Set<string> {
  const origins = new Set<string>();
  for (const domain of domains) {
    if (!URL.canParse(domain)) continue;
    const url = new URL(domain);
    if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
  }
  return origins;
}

/**
 * The normalised absolute URL when `url` is absolute, http(s), without userinfo and on one of `origins`;
 * else null. Protocol-relative input never parses without a base, so it cannot pass here.
 */
export function resolveTrustedAbsoluteRedirect(url: string, origins: ReadonlySet<string>): string | null {
  if (typeof url !== 'string' || origins.size === 0 || !URL.canParse(url)) return null;
  const target = new URL(url);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
  if (target.username !== '' || target.password !== '') return null;
  return origins.has(target.origin) ? target.href : null;
}

/** Relative, or absolute on one of `origins` (the app's own origin and the project's trusted domains). */
export function isTrustedRedirect(url: string, origins: ReadonlySet<string> = new Set()): boolean {
  return resolveTrustedRedirect(url) !== null || resolveTrustedAbsoluteRedirect(url, origins) !== null;
}

/** The normalised target (relative, or absolute on a trusted origin), or throws the SDK's "not trusted" error. */
export function assertTrustedRedirect(url: string, currentUrl?: URL, origins: ReadonlySet<string> = new Set()): string {
  const target = resolveTrustedRedirect(url, currentUrl) ?? resolveTrustedAbsoluteRedirect(url, origins);
  if (target === null) throw new UntrustedRedirectError(url);
  return target;
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

/** `stripOAuthParams` for the output of `assertTrustedRedirect`: absolute stays absolute, relative stays relative. */
export function stripOAuthParamsFromTarget(target: string): string {
  return URL.canParse(target) ? stripOAuthParams(new URL(target)).url.href : stripOAuthParamsFromRelative(target);
}

// Redirect trust: a redirect goes to a relative target, this page's origin,
// or a trusted domain (the project's list and allow-localhost setting, and the app's own `trustedDomains`), as the
// published client checks it; targets are normalised first. One rule, `resolveRedirectTarget`, for every redirect.
import { relativePart } from './handler-urls.ts';
import { isLocalhost, matchesTrustedDomain } from './trusted-domains.ts';

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

/** What a redirect may leave for besides relative targets. */
export interface RedirectTrust {
  /** The page the redirect leaves: its origin is trusted, and path-relative targets resolve against it. Default: this page. */
  currentUrl?: URL | string | undefined;
  /** Trusted-domain entries: `https://app.example.com`, `https://*.example.com` (one label), `http://localhost:*` (any port). */
  trustedDomains?: readonly string[] | undefined;
  /** The project's "allow localhost" setting: any `localhost`, `*.localhost`, `127.x.x.x` or `[::1]` URL. */
  allowLocalhost?: boolean | undefined;
}

function pageUrl(trust: RedirectTrust): URL | undefined {
  if (trust.currentUrl !== undefined) return new URL(trust.currentUrl);
  return typeof location === 'undefined' ? undefined : new URL(location.href);
}

/**
 * Where a redirect to `url` goes when it is trusted, else null: a relative target, or an absolute one on this
 * page's origin, as path+query+hash; an absolute http(s) one without userinfo on a trusted domain (or localhost,
 * when allowed) as its normalised URL. Everything else (`javascript:`, `data:`, `//host`, userinfo) is refused.
 */
export function resolveRedirectTarget(url: string, trust: RedirectTrust = {}): string | null {
  const here = pageUrl(trust);
  const relative = resolveTrustedRedirect(url, here);
  if (relative !== null || typeof url !== 'string' || !URL.canParse(url)) return relative;
  const target = new URL(url);
  if (!/^https?:$/.test(target.protocol) || target.username !== '' || target.password !== '') return null;
  // Made relative, a path that starts with `//` would read as another host.
  if (target.origin === here?.origin) return target.pathname.startsWith('//') ? target.href : relativePart(target);
  const trusted = (trust.allowLocalhost === true && isLocalhost(target)) || (trust.trustedDomains ?? []).some((entry) => matchesTrustedDomain(target, entry));
  return trusted ? target.href : null;
}

/**
 * Whether the app follows a redirect to `url`. `isTrustedRedirect(url, await app.getRedirectTrust())` answers
 * for an app exactly; without `trust`, only relative targets and this page's origin are trusted.
 */
export function isTrustedRedirect(url: string, trust: RedirectTrust = {}): boolean {
  return resolveRedirectTarget(url, trust) !== null;
}

const OAUTH_RESPONSE_PARAMS = ['code', 'state'] as const;

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

// Absolute redirect targets (spec §2, §5; protocol.md §14.5): trusted when on the page's own origin or one of the
// project's trusted domains. Loaded with the first redirect, off the page's initial bundle.
import { resolveTrustedRedirect, stripOAuthParams, stripOAuthParamsFromRelative, UntrustedRedirectError } from './redirect-trust.ts';

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

/** The normalised target (relative, or absolute on one of `origins`), or throws the SDK's "not trusted" error. */
export function assertTrustedTarget(url: string, currentUrl: URL | undefined, origins: ReadonlySet<string>): string {
  const target = resolveTrustedRedirect(url, currentUrl) ?? resolveTrustedAbsoluteRedirect(url, origins);
  if (target === null) throw new UntrustedRedirectError(url);
  return target;
}

/** `stripOAuthParams` for the output of `assertTrustedTarget`: absolute stays absolute, relative stays relative. */
export function stripOAuthParamsFromTarget(target: string): string {
  return URL.canParse(target) ? stripOAuthParams(new URL(target)).url.href : stripOAuthParamsFromRelative(target);
}

/**
 * Where a redirect to `url` goes, code/state removed: relative targets and this page's origin without asking,
 * else the project's trusted domains (`projectDomains`, read only then).
 */
export async function trustedRedirectTarget(url: string, currentUrl: URL | undefined, projectDomains: () => Promise<string[]>): Promise<string> {
  const own = trustedOrigins(currentUrl ? [currentUrl.origin] : []);
  const target =
    resolveTrustedRedirect(url, currentUrl) ??
    resolveTrustedAbsoluteRedirect(url, own) ??
    assertTrustedTarget(url, currentUrl, trustedOrigins([...own, ...(await projectDomains())]));
  return stripOAuthParamsFromTarget(target);
}

// The cookie names both published clients use for one project, and reading
// them from `document.cookie` text the way the 2.8 client does.

/** The names and prefixes of one project's session cookies, in the 2.7 and the 2.8 client's spelling. */
export interface SessionCookieNames {
  /** 2.7: `stack-refresh-<projectId>`, the raw refresh token. */
  legacyRefresh: string;
  /** Read as a last resort by both clients and removed on every write. */
  legacyShared: 'stack-refresh';
  /** 2.7: `["<refresh>","<access>"]`, shared by every project of the domain. */
  legacyAccess: 'stack-access';
  /** 2.8: the same pair, under its own name. */
  currentAccess: 'hexclave-access';
  /** 2.8 on https: `__Host-hexclave-refresh-<projectId>--default`, JSON `{refresh_token, updated_at_millis}`. */
  currentSecureRefresh: string;
  /** The 2.8 client's own structured cookies, newest first, before any 2.7 name. */
  currentPrefixes: string[];
  /** Every structured prefix the 2.8 client reads as its last fallback (its own and the 2.7 spelling). */
  structuredPrefixes: string[];
  /** Structured cookies the 2.8 client sets with a Domain attribute (a trusted parent domain, base32 in the name). */
  customPrefixes: string[];
}

export function sessionCookieNames(projectId: string): SessionCookieNames {
  const legacyRefresh = `stack-refresh-${projectId}`;
  const current = `hexclave-refresh-${projectId}`;
  return {
    legacyRefresh,
    legacyShared: 'stack-refresh',
    legacyAccess: 'stack-access',
    currentAccess: 'hexclave-access',
    currentSecureRefresh: `__Host-${current}--default`,
    currentPrefixes: [`${current}--`, `__Host-${current}--`],
    structuredPrefixes: [`${current}--`, `__Host-${current}--`, `${legacyRefresh}--`, `__Host-${legacyRefresh}--`],
    customPrefixes: [`${current}--custom-`, `${legacyRefresh}--custom-`],
  };
}

/** `name=value` pairs in `document.cookie` order, values decoded; a name may appear twice (partitioned and not). */
export function cookiePairs(header: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    const raw = part.slice(index + 1).trim();
    try {
      pairs.push([name, raw.replace(/(%[\dA-F]{2})+/gi, decodeURIComponent)]);
    } catch {
      pairs.push([name, raw]);
    }
  }
  return pairs;
}

/** Cookie text as a map; a name that appears twice keeps its first value, as the 2.8 client reads it. */
export function parseCookies(header: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of cookiePairs(header)) if (!out.has(name)) out.set(name, value);
  return out;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CROCKFORD_ALIASES: Record<string, string> = { O: '0', I: '1', L: '1' };
const DOMAIN = /^\.?[a-z0-9-]+(\.[a-z0-9-]+)*$/i;

/**
 * The Domain attribute a 2.8 `…--custom-<base32>` cookie was set with (Crockford base32 of the domain,
 * as its `encodeBase32`), or null. Such a cookie can only be removed with that attribute.
 */
export function customCookieDomain(name: string, names: SessionCookieNames): string | null {
  const prefix = names.customPrefixes.find((candidate) => name.startsWith(candidate));
  if (prefix === undefined) return null;
  const bytes: number[] = [];
  let value = 0;
  let bits = 0;
  for (const raw of name.slice(prefix.length).toUpperCase()) {
    const index = CROCKFORD.indexOf(CROCKFORD_ALIASES[raw] ?? raw);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  const domain = new TextDecoder().decode(new Uint8Array(bytes));
  // It goes into a cookie attribute: nothing but a host name may pass.
  return DOMAIN.test(domain) ? domain : null;
}

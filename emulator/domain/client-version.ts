// The X-Stack-Client-Version header: `<platform> <package>@<semver>`, parsed as the backend
// does; it decides whether a client gets the legacy (link-only) magic-link e-mail, and whether it is older than 2.8.

const CLIENT_VERSION = /^(\w+)\s+(@[\w/]+)@([\d.]+)$/;
/** The last @stackframe/stack release whose sign-in page had no code entry. */
const LAST_LINK_ONLY_VERSION = [2, 5, 37];

interface ClientVersion {
  platform: string;
  sdk: string;
  version: string;
}

function parseClientVersion(header: string | null): ClientVersion | null {
  const match = CLIENT_VERSION.exec(header ?? '');
  if (!match) return null;
  const [, platform = '', sdk = '', version = ''] = match;
  return { platform, sdk, version };
}

function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** `@stackframe/stack` at or below 2.5.37 gets the magic link without the six-character code. */
export function wantsLinkOnlyMagicLinkEmail(header: string | null): boolean {
  const parsed = parseClientVersion(header);
  if (parsed?.sdk !== '@stackframe/stack') return false;
  const parts = parsed.version.split('.').map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isInteger(n))) return false;
  return compareVersions(parts, LAST_LINK_ONLY_VERSION) <= 0;
}

/** The first release of the current backend generation; an SDK below it speaks the 2.7 dialect. */
const FIRST_CURRENT_VERSION = [2, 8, 0];

/** Any `@stackframe/*` SDK below 2.8.0: the request says it was written for the 2.7 backend. */
export function isPre28Client(header: string | null): boolean {
  const parsed = parseClientVersion(header);
  if (!parsed?.sdk.startsWith('@stackframe/')) return false;
  const parts = parsed.version.split('.').map(Number);
  if (parts.some((n) => !Number.isInteger(n))) return false;
  return compareVersions(parts, FIRST_CURRENT_VERSION) < 0;
}

// The development keys are published and seeded into every emulator, so a browser page must not use them: a request
// for server or admin access that carries an Origin (browsers send one on every cross-origin fetch, server SDKs send
// none) is refused unless that origin was allowed (--allow-origin), and CORS preflights of other origins are not
// told they may send the secret-key headers. Client access stays open to every origin: apps run on any port.

/** The request headers that carry a server or admin credential, without their x-stack-/x-hexclave- prefix. */
export const SECRET_KEY_HEADERS = ['secret-server-key', 'super-secret-admin-key', 'admin-access-token'];

export interface OriginRule {
  /** Browser origins (`http://localhost:5173`) allowed to use server and admin access; none by default. */
  allowedOrigins?: readonly string[];
}

/** `scheme://host[:port]` as browsers send it in Origin, or null for anything else (`null`, paths, junk). */
export function canonicalOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== 'null' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Validates the --allow-origin values; throws on one that is not an http(s) origin. */
export function parseAllowedOrigins(values: readonly string[]): string[] {
  return values.map((value) => {
    const origin = canonicalOrigin(value);
    if (origin === null || origin !== value.replace(/\/$/, '').toLowerCase()) {
      throw new Error(`not an origin (scheme://host[:port], as a browser sends it): ${JSON.stringify(value.slice(0, 100))}`);
    }
    return origin;
  });
}

/** Whether a request with this Origin header (null: none, a tool or server) may use server or admin access. */
export function mayUseSecretKeys(origin: string | null, rule: OriginRule): boolean {
  if (origin === null) return true;
  // Browsers send the canonical form; anything else (a path, a trailing slash, upper case) is not a page's origin.
  return canonicalOrigin(origin) === origin && (rule.allowedOrigins ?? []).includes(origin);
}

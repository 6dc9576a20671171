import * as z from 'zod/mini';
import { decodeAccessToken } from '../session/jwt.ts';
import { cookiePairs, customCookieDomain, sessionCookieNames, type SessionCookieNames } from '../protocol/session-cookies.ts';
import type { StoredSession, TokenVault } from './vault.ts';

const REFRESH_COOKIE_MAX_AGE_S = 31_536_000;
const ACCESS_COOKIE_MAX_AGE_S = 86_400;
export const COOKIE_POLL_MS = 100;

const EXPIRED = 'Thu, 01 Jan 1970 00:00:00 GMT';

/** The subset of `document` the cookie store needs, injectable for tests. */
export interface CookieJar {
  get cookie(): string;
  set cookie(value: string);
}

export interface CookieVaultOptions {
  jar?: CookieJar;
  /** Whether the page is on https (default: `location.protocol`): it picks the names, as in the 2.8 client. */
  secure?: boolean;
  /**
   * Whether to write the 2.8 names as Partitioned (CHIPS) cookies. Only matters on https; when not
   * given it is probed once, the way the 2.8 client decides it (no on a top-level page).
   */
  partitioned?: boolean;
  now?: () => number;
}

/** The 2.8 client's structured refresh cookie; it skips a cookie without a refresh token. */
const structuredRefreshSchema = z.object({ refresh_token: z.string().check(z.minLength(1)), updated_at_millis: z.optional(z.unknown()) });
const accessPairSchema = z.tuple([z.string(), z.string()]);

interface CookieAttributes {
  partitioned: boolean;
  /** The 2.8 client writes `SameSite=Lax`, or `None` when partitioned; the 2.7 client leaves it out. */
  sameSite?: 'lax' | 'none';
  domain?: string;
}

const UNPARTITIONED: CookieAttributes = { partitioned: false };
const PARTITIONED: CookieAttributes = { partitioned: true, sameSite: 'none' };

/**
 * The official SDK's cookie token store, so authworker and the published
 * clients share a session on one domain.
 *
 * Reading follows the 2.8 client: its structured `hexclave-refresh-<projectId>--*` cookies first
 * (`__Host-` on https; the newest `updated_at_millis` wins), then `stack-refresh-<projectId>` and the
 * legacy `stack-refresh`; the access token from `hexclave-access`, else `stack-access`, only when it
 * belongs to that refresh token.
 *
 * Writing on http is the 2.7 client's: `stack-refresh-<projectId>` and `stack-access`. On https it is
 * also the 2.8 client's: `__Host-hexclave-refresh-<projectId>--default` (with the current time, so it is
 * the newest) and `hexclave-access`, with its attributes (Secure and SameSite=Lax; SameSite=None and
 * Partitioned in a frame where it would partition). Every other session cookie of the project is
 * removed, in both partitions and with its Domain, so both clients follow the newest session.
 * Tokens in cookies are readable by page scripts: this is the weaker mode, by choice.
 */
export class CookieVault implements TokenVault {
  readonly #jar: CookieJar;
  readonly #names: SessionCookieNames;
  readonly #secure: boolean;
  #partitioned: boolean | undefined;
  readonly #now: () => number;

  constructor(projectId: string, options: CookieVaultOptions = {}) {
    this.#jar = options.jar ?? document;
    this.#names = sessionCookieNames(projectId);
    this.#secure = options.secure ?? (typeof location !== 'undefined' && location.protocol === 'https:');
    this.#partitioned = options.partitioned;
    this.#now = options.now ?? Date.now;
  }

  /**
   * The refresh token and access token in the cookies now (the access one only if it belongs to that refresh token).
   * `shared: false` skips the legacy `stack-refresh`, which names no project.
   */
  read(shared = true): { refreshToken: string | null; accessToken: string | null } {
    const pairs = cookiePairs(this.#jar.cookie);
    const first = (name: string) => pairs.find(([n]) => n === name)?.[1] || null;
    const names = this.#names;
    const refreshToken =
      newestStructured(pairs, names.currentPrefixes) ??
      first(names.legacyRefresh) ??
      (shared ? first(names.legacyShared) : null) ??
      newestStructured(pairs, names.structuredPrefixes);
    // Not ours or garbage: no access token, the session refreshes.
    const pair = accessPair(first(names.currentAccess) ?? first(names.legacyAccess));
    return { refreshToken, accessToken: (pair?.[0] === refreshToken && pair[1]) || null };
  }

  async load(): Promise<StoredSession | null> {
    const { refreshToken, accessToken } = this.read();
    if (!refreshToken) {
      // Session cookies of the project that hold no refresh token (malformed) are of no use to anyone.
      this.removeOfficialSession();
      return null;
    }
    // A session in the 2.8 client's spelling only (its http name): rewritten in ours, which both clients read.
    if (!cookiePairs(this.#jar.cookie).some(([name, value]) => name === this.#names.legacyRefresh && value === refreshToken)) this.#write(refreshToken, accessToken);
    return { refreshToken, userId: (accessToken && decodeAccessToken(accessToken)?.sub) || null };
  }

  /** The project's refresh token as the official client stored it, or null: `read`, without the project-less legacy name. */
  officialRefreshToken(): string | null {
    return this.read(false).refreshToken;
  }

  /**
   * Removes the project's session cookies as the official clients wrote them (the session went to the worker, or
   * was unreadable), and an access cookie only when it pairs with one of their refresh tokens: another project's
   * session stays.
   */
  removeOfficialSession(): void {
    const names = this.#names;
    const pairs = cookiePairs(this.#jar.cookie);
    const ofProject = (name: string) => name === names.legacyRefresh || names.structuredPrefixes.some((prefix) => name.startsWith(prefix));
    const refreshTokens = new Set<string>();
    for (const [name, value] of pairs) {
      if (!ofProject(name)) continue;
      refreshTokens.add(value);
      const structured = structuredRefresh(value);
      if (structured) refreshTokens.add(structured.refresh_token);
    }
    for (const [name, value] of pairs) {
      const pairsWithIt = (name === names.legacyAccess || name === names.currentAccess) && refreshTokens.has(accessPair(value)?.[0] ?? '');
      if (ofProject(name) || pairsWithIt) this.#remove(name, customCookieDomain(name, names) ?? undefined);
    }
  }

  async save(session: StoredSession): Promise<void> {
    const current = this.read();
    this.#write(session.refreshToken, current.refreshToken === session.refreshToken ? current.accessToken : null);
  }

  async saveAccessToken(refreshToken: string, accessToken: string): Promise<void> {
    if (this.read().refreshToken === refreshToken) this.#write(refreshToken, accessToken);
  }

  async clear(): Promise<void> {
    this.#removeSessionCookiesExcept(new Set());
  }

  // Revokes after a cookie-mode sign-out are sent at once; a queue would need storage the page shares anyway.
  async loadPendingRevokes(): Promise<string[]> {
    return [];
  }

  async savePendingRevokes(): Promise<void> {}

  #write(refreshToken: string, accessToken: string | null): void {
    const names = this.#names;
    const pair = accessToken ? JSON.stringify([refreshToken, accessToken]) : null;
    const kept = new Set([names.legacyRefresh, names.legacyAccess]);
    if (this.#secure) {
      const partitioned = this.#partitionsLikeTheCurrentClient();
      const current = { partitioned, sameSite: partitioned ? 'none' : 'lax' } as const;
      const refreshCookie = JSON.stringify({ refresh_token: refreshToken, updated_at_millis: this.#now() });
      this.#put(names.currentSecureRefresh, refreshCookie, REFRESH_COOKIE_MAX_AGE_S, current);
      this.#put(names.currentAccess, pair, ACCESS_COOKIE_MAX_AGE_S, current);
      kept.add(names.currentSecureRefresh).add(names.currentAccess);
    }
    // The 2.7 names: the 2.7 client and server code read them, and the 2.8 client as a fallback.
    this.#put(names.legacyRefresh, refreshToken, REFRESH_COOKIE_MAX_AGE_S, UNPARTITIONED);
    this.#put(names.legacyAccess, pair, ACCESS_COOKIE_MAX_AGE_S, UNPARTITIONED);
    this.#removeSessionCookiesExcept(kept);
  }

  /** Sets (or, for null, removes) one cookie, removing its twin in the other partition first. */
  #put(name: string, value: string | null, maxAgeSeconds: number, attributes: CookieAttributes): void {
    if (value === null) {
      this.#remove(name);
      return;
    }
    if (this.#secure && this.#isPresent(name)) {
      this.#jar.cookie = cookieLine(name, '', EXPIRED, attributes.partitioned ? UNPARTITIONED : PARTITIONED, true);
    }
    const expires = new Date(this.#now() + maxAgeSeconds * 1000).toUTCString();
    this.#jar.cookie = cookieLine(name, value, expires, attributes, this.#secure);
  }

  #isPresent(name: string): boolean {
    return cookiePairs(this.#jar.cookie).some(([n]) => n === name);
  }

  #remove(name: string, domain?: string): void {
    if (!this.#isPresent(name)) return;
    for (const attributes of this.#secure ? [UNPARTITIONED, PARTITIONED] : [UNPARTITIONED]) {
      this.#jar.cookie = cookieLine(name, '', EXPIRED, attributes, this.#secure);
      if (domain !== undefined) this.#jar.cookie = cookieLine(name, '', EXPIRED, { ...attributes, domain }, this.#secure);
    }
  }

  /** Removes the project's session cookies (both clients' spellings) other than `kept`. */
  #removeSessionCookiesExcept(kept: Set<string>): void {
    const names = this.#names;
    const fixed = [names.legacyRefresh, names.legacyShared, names.legacyAccess, names.currentAccess];
    for (const name of new Set(cookiePairs(this.#jar.cookie).map(([n]) => n))) {
      if (kept.has(name)) continue;
      if (!fixed.includes(name) && !names.structuredPrefixes.some((prefix) => name.startsWith(prefix))) continue;
      this.#remove(name, customCookieDomain(name, names) ?? undefined);
    }
  }

  /**
   * Whether the 2.8 client would write partitioned (CHIPS) cookies here, found the way it finds out, so
   * that both clients write the same cookie and never keep two copies of one name: not where a plain
   * Secure cookie can be set (a top-level page), else only where a partitioned and an unpartitioned
   * cookie of one name can both exist (a cross-site frame).
   */
  #partitionsLikeTheCurrentClient(): boolean {
    if (this.#partitioned !== undefined) return this.#partitioned;
    const name = `__Host-authworker-chips-probe-${Math.random().toString(36).slice(2, 12)}`;
    const copies = () => cookiePairs(this.#jar.cookie).filter(([n]) => n === name).length;
    this.#jar.cookie = cookieLine(name, 'plain', 'session', UNPARTITIONED, true);
    const plainCookiesWork = copies() > 0;
    this.#jar.cookie = cookieLine(name, '', EXPIRED, UNPARTITIONED, true);
    if (plainCookiesWork) {
      this.#partitioned = false;
      return false;
    }
    const both: CookieAttributes[] = [PARTITIONED, { partitioned: false, sameSite: 'none' }];
    for (const attributes of both) this.#jar.cookie = cookieLine(name, 'probe', 'session', attributes, true);
    this.#partitioned = copies() === 2;
    for (const attributes of both) this.#jar.cookie = cookieLine(name, '', EXPIRED, attributes, true);
    return this.#partitioned;
  }
}

function cookieLine(name: string, value: string, expires: string, attributes: CookieAttributes, secure: boolean): string {
  let line = `${name}=${encodeCookieValue(value)}${expires === 'session' ? '' : `; expires=${expires}`}; path=/`;
  if (attributes.domain !== undefined) line += `; domain=${attributes.domain}`;
  // `__Host-` cookies exist only with Secure (and no Domain); the browser ignores any other write to them.
  if (secure || name.startsWith('__Host-')) line += '; secure';
  if (attributes.sameSite !== undefined) line += `; samesite=${attributes.sameSite}`;
  if (attributes.partitioned) line += '; partitioned';
  return line;
}

/** A cookie value as JSON checked by `schema`, or null (not JSON, or another shape). */
function parsedCookie<T>(value: string | null, schema: z.ZodMiniType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(value ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const structuredRefresh = (value: string) => parsedCookie(value, structuredRefreshSchema);
const accessPair = (value: string | null) => parsedCookie(value, accessPairSchema);

/** The structured cookie with the newest `updated_at_millis` among those under `prefixes` (none counts as oldest). */
function newestStructured(pairs: [string, string][], prefixes: string[]): string | null {
  let newest: { token: string; at: number } | null = null;
  for (const [name, value] of pairs) {
    if (!prefixes.some((prefix) => name.startsWith(prefix))) continue;
    const cookie = structuredRefresh(value);
    if (!cookie) continue;
    const at = typeof cookie.updated_at_millis === 'number' ? cookie.updated_at_millis : Number.NEGATIVE_INFINITY;
    if (!newest || at > newest.at) newest = { token: cookie.refresh_token, at };
  }
  return newest?.token ?? null;
}

/** js-cookie's encoding, which the official SDK uses: percent-encode, then restore the harmless characters. */
export function encodeCookieValue(value: string): string {
  return encodeURIComponent(value).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent);
}

import { decodeAccessToken } from '../session/jwt.ts';
import type { StoredSession, TokenVault } from './vault.ts';

export const REFRESH_COOKIE_MAX_AGE_S = 31_536_000;
export const ACCESS_COOKIE_MAX_AGE_S = 86_400;
export const COOKIE_POLL_MS = 100;

/** The subset of `document` the cookie store needs, injectable for tests. */
export interface CookieJar {
  get cookie(): string;
  set cookie(value: string);
}

/**
 * The official SDK's cookie token store (protocol.md §3.5), so both clients share a session on one
 * domain: `stack-refresh-<projectId>` holds the refresh token, `stack-access` holds
 * `["<refresh>","<access>"]`, the legacy `stack-refresh` is read as a fallback and removed on every
 * write. The published 2.8 client writes `hexclave-refresh-<projectId>--default` (JSON
 * `{refresh_token, updated_at_millis}`; `__Host-` on https) and `hexclave-access` instead and reads
 * ours as fallbacks: we read its names first and remove them when we write, as it does with ours.
 * Tokens in cookies are readable by page scripts: this is the weaker mode, by choice.
 */
export class CookieVault implements TokenVault {
  readonly #jar: CookieJar;
  readonly #refreshName: string;
  readonly #currentRefreshPrefixes: string[];
  readonly #secure: boolean;
  readonly #now: () => number;

  constructor(projectId: string, options: { jar?: CookieJar; secure?: boolean; now?: () => number } = {}) {
    this.#jar = options.jar ?? document;
    this.#refreshName = `stack-refresh-${projectId}`;
    this.#currentRefreshPrefixes = [`hexclave-refresh-${projectId}--`, `__Host-hexclave-refresh-${projectId}--`];
    this.#secure = options.secure ?? (typeof location !== 'undefined' && location.protocol === 'https:');
    this.#now = options.now ?? Date.now;
  }

  /** The refresh token and access token in the cookies now (the access one only if it belongs to that refresh token). */
  read(): { refreshToken: string | null; accessToken: string | null } {
    const cookies = parseCookies(this.#jar.cookie);
    const refreshToken = this.#newestCurrentRefreshToken(cookies) ?? cookies.get(this.#refreshName) ?? cookies.get('stack-refresh') ?? null;
    let accessToken: string | null = null;
    try {
      const pair: unknown = JSON.parse(cookies.get('hexclave-access') ?? cookies.get('stack-access') ?? 'null');
      if (Array.isArray(pair) && pair[0] === refreshToken && typeof pair[1] === 'string') accessToken = pair[1];
    } catch {
      // Not ours or garbage: no access token, the session refreshes.
    }
    return { refreshToken: refreshToken || null, accessToken };
  }

  async load(): Promise<StoredSession | null> {
    const { refreshToken, accessToken } = this.read();
    if (!refreshToken) return null;
    return { refreshToken, userId: (accessToken && decodeAccessToken(accessToken)?.sub) || null };
  }

  async save(session: StoredSession): Promise<void> {
    this.#write(session.refreshToken, this.read().refreshToken === session.refreshToken ? this.read().accessToken : null);
  }

  async saveAccessToken(refreshToken: string, accessToken: string): Promise<void> {
    if (this.read().refreshToken === refreshToken) this.#write(refreshToken, accessToken);
  }

  async clear(): Promise<void> {
    this.#set(this.#refreshName, '', -1);
    this.#set('stack-access', '', -1);
    this.#set('stack-refresh', '', -1);
    this.#removeCurrentClientCookies();
  }

  // Revokes after a cookie-mode sign-out are sent at once; a queue would need storage the page shares anyway.
  async loadPendingRevokes(): Promise<string[]> {
    return [];
  }

  async savePendingRevokes(): Promise<void> {}

  #write(refreshToken: string, accessToken: string | null): void {
    this.#set(this.#refreshName, refreshToken, REFRESH_COOKIE_MAX_AGE_S);
    if (accessToken) this.#set('stack-access', JSON.stringify([refreshToken, accessToken]), ACCESS_COOKIE_MAX_AGE_S);
    else this.#set('stack-access', '', -1);
    this.#set('stack-refresh', '', -1);
    this.#removeCurrentClientCookies();
  }

  /** The 2.8 client's structured refresh cookies: the most recently updated one wins. */
  #newestCurrentRefreshToken(cookies: Map<string, string>): string | null {
    let newest: { token: string; at: number } | null = null;
    for (const [name, value] of cookies) {
      if (!this.#currentRefreshPrefixes.some((prefix) => name.startsWith(prefix))) continue;
      try {
        const parsed: unknown = JSON.parse(value);
        if (!parsed || typeof parsed !== 'object') continue;
        const { refresh_token: token, updated_at_millis: at } = parsed as { refresh_token?: unknown; updated_at_millis?: unknown };
        if (typeof token !== 'string' || token === '') continue;
        const updatedAt = typeof at === 'number' ? at : Number.NEGATIVE_INFINITY;
        if (!newest || updatedAt > newest.at) newest = { token, at: updatedAt };
      } catch {
        // Not a structured cookie: skip it.
      }
    }
    return newest?.token ?? null;
  }

  // `__Host-` cookies can only be touched from a secure page; elsewhere they cannot exist.
  #removeCurrentClientCookies(): void {
    for (const name of parseCookies(this.#jar.cookie).keys()) {
      if (this.#currentRefreshPrefixes.some((prefix) => name.startsWith(prefix)) || name === 'hexclave-access') this.#set(name, '', -1);
    }
  }

  #set(name: string, value: string, maxAgeSeconds: number): void {
    const expires = new Date(this.#now() + maxAgeSeconds * 1000).toUTCString();
    this.#jar.cookie = `${name}=${encodeCookieValue(value)}; expires=${expires}; path=/${this.#secure ? '; secure' : ''}`;
  }
}

/** js-cookie's encoding, which the official SDK uses: percent-encode, then restore the harmless characters. */
export function encodeCookieValue(value: string): string {
  return encodeURIComponent(value).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent);
}

export function parseCookies(header: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    const raw = part.slice(index + 1).trim();
    try {
      out.set(name, raw.replace(/(%[\dA-F]{2})+/gi, decodeURIComponent));
    } catch {
      out.set(name, raw);
    }
  }
  return out;
}

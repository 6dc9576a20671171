import { describe, expect, it } from 'vitest';
import { CookieVault, encodeCookieValue, parseCookies, type CookieJar } from './cookie-vault.ts';

/** A cookie jar with the browser's semantics for name/value/expiry (enough for these tests). */
function fakeJar(now: () => number): CookieJar & { written: string[] } {
  const store = new Map<string, string>();
  const written: string[] = [];
  return {
    written,
    get cookie() {
      return [...store].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const expires = attributes.find((a) => a.startsWith('expires='));
      if (expires && new Date(expires.slice(8)).getTime() <= now()) store.delete(name);
      else store.set(name, pair.slice(pair.indexOf('=') + 1));
    },
  };
}

const NOW = Date.UTC(2026, 10, 22, 12);
const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2ln';

describe('CookieVault', () => {
  it('writes the official cookies with their lifetimes and path, and reads them back', async () => {
    const jar = fakeJar(() => NOW);
    const vault = new CookieVault('p1', { jar, secure: false, now: () => NOW });
    await vault.save({ refreshToken: 'rt-1', userId: 'user-1' });
    await vault.saveAccessToken('rt-1', TOKEN);
    expect(jar.written.find((l) => l.startsWith('stack-refresh-p1='))).toBe(`stack-refresh-p1=rt-1; expires=${new Date(NOW + 31_536_000_000).toUTCString()}; path=/`);
    expect(jar.written.find((l) => l.startsWith('stack-access=['))).toBe(
      `stack-access=${encodeCookieValue(JSON.stringify(['rt-1', TOKEN]))}; expires=${new Date(NOW + 86_400_000).toUTCString()}; path=/`,
    );
    expect(vault.read()).toEqual({ refreshToken: 'rt-1', accessToken: TOKEN });
    expect(await vault.load()).toEqual({ refreshToken: 'rt-1', userId: 'user-1' });
  });

  it('encodes like js-cookie: quotes and commas percent-encoded, the rest kept', () => {
    expect(encodeCookieValue('["a","b"]')).toBe('[%22a%22%2C%22b%22]');
    expect(encodeCookieValue('a/b:c@d')).toBe('a/b:c@d');
    expect(parseCookies('stack-access=%5B%22a%22%2C%22b%22%5D; x=1').get('stack-access')).toBe('["a","b"]');
  });

  it('ignores an access cookie of another refresh token, reads the legacy cookie, and removes it on write', async () => {
    const jar = fakeJar(() => NOW);
    jar.cookie = `stack-refresh=legacy-rt; path=/`;
    jar.cookie = `stack-access=${encodeCookieValue(JSON.stringify(['other-rt', TOKEN]))}; path=/`;
    const vault = new CookieVault('p1', { jar, secure: false, now: () => NOW });
    expect(vault.read()).toEqual({ refreshToken: 'legacy-rt', accessToken: null });
    await vault.save({ refreshToken: 'legacy-rt', userId: null });
    expect(parseCookies(jar.cookie).has('stack-refresh')).toBe(false);
    expect(vault.read().refreshToken).toBe('legacy-rt');
  });

  it('adds Secure on https, and clear() removes every cookie', async () => {
    const jar = fakeJar(() => NOW);
    const vault = new CookieVault('p1', { jar, secure: true, now: () => NOW });
    await vault.save({ refreshToken: 'rt', userId: null });
    expect(jar.written.at(-2)).toContain('; secure');
    await vault.clear();
    expect(jar.cookie).toBe('');
  });
});

describe('CookieVault and the published 2.8 client', () => {
  it("reads the 2.8 client's structured cookie (newest wins) and its access cookie, before the 2.7 names", async () => {
    const jar = fakeJar(() => NOW);
    jar.cookie = `stack-refresh-p1=old-rt; path=/`;
    jar.cookie = `hexclave-refresh-p1--default=${encodeCookieValue(JSON.stringify({ refresh_token: 'rt-a', updated_at_millis: 1 }))}; path=/`;
    jar.cookie = `hexclave-refresh-p1--custom-abc=${encodeCookieValue(JSON.stringify({ refresh_token: 'rt-b', updated_at_millis: 2 }))}; path=/`;
    jar.cookie = `hexclave-access=${encodeCookieValue(JSON.stringify(['rt-b', TOKEN]))}; path=/`;
    const vault = new CookieVault('p1', { jar, secure: false, now: () => NOW });
    expect(vault.read()).toEqual({ refreshToken: 'rt-b', accessToken: TOKEN });
  });

  it("removes the 2.8 client's cookies when it writes or clears, so both clients follow the newest session", async () => {
    const jar = fakeJar(() => NOW);
    jar.cookie = `hexclave-refresh-p1--default=${encodeCookieValue(JSON.stringify({ refresh_token: 'theirs', updated_at_millis: 1 }))}; path=/`;
    jar.cookie = `hexclave-access=x; path=/`;
    const vault = new CookieVault('p1', { jar, secure: false, now: () => NOW });
    await vault.save({ refreshToken: 'ours', userId: null });
    expect(vault.read().refreshToken).toBe('ours');
    expect([...parseCookies(jar.cookie).keys()]).toEqual(['stack-refresh-p1']);
    jar.cookie = `hexclave-refresh-p1--default=${encodeCookieValue(JSON.stringify({ refresh_token: 'theirs', updated_at_millis: 1 }))}; path=/`;
    await vault.clear();
    expect(jar.cookie).toBe('');
  });
});

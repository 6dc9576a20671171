import { describe, expect, it } from 'vitest';
import { customCookieDomain, parseCookies, sessionCookieNames } from '../protocol/session-cookies.ts';
import { CookieVault, encodeCookieValue, type CookieJar } from './cookie-vault.ts';

/**
 * A cookie jar with the browser's rules for what these tests touch: a cookie is (name, Domain,
 * partition); `__Host-` needs Secure and no Domain; Secure needs an https page; Partitioned needs Secure
 * and is ignored by a browser without CHIPS; a cross-site frame (`frame`) refuses cookies that are not
 * SameSite=None; a past expiry removes.
 */
function fakeJar(now: () => number, browser: { https?: boolean; chips?: boolean; frame?: boolean } = {}): CookieJar & { written: string[] } {
  const store = new Map<string, { name: string; value: string }>();
  const written: string[] = [];
  return {
    written,
    get cookie() {
      return [...store.values()].map(({ name, value }) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
      const [pair = '', ...parts] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const attributes = new Map(parts.map((part) => [part.split('=')[0]?.toLowerCase() ?? '', part.split('=')[1] ?? ''] as const));
      const secure = attributes.has('secure');
      const domain = attributes.get('domain');
      if ((secure && !browser.https) || (name.startsWith('__Host-') && (!secure || domain !== undefined))) return;
      if (attributes.has('partitioned') && !secure) return;
      if (browser.frame && attributes.get('samesite') !== 'none') return;
      const partitioned = attributes.has('partitioned') && browser.chips === true;
      const key = `${name}|${domain ?? ''}|${partitioned ? 'partitioned' : ''}`;
      const expires = attributes.get('expires');
      if (expires && new Date(expires).getTime() <= now()) store.delete(key);
      else store.set(key, { name, value: pair.slice(pair.indexOf('=') + 1) });
    },
  };
}

const NOW = Date.UTC(2026, 10, 22, 12);
const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2ln';
const YEAR = new Date(NOW + 31_536_000_000).toUTCString();
const DAY = new Date(NOW + 86_400_000).toUTCString();
const structured = (token: string, at: number) => encodeCookieValue(JSON.stringify({ refresh_token: token, updated_at_millis: at }));

describe('CookieVault on http (the 2.7 names)', () => {
  it('writes the official cookies with their lifetimes and path, and reads them back', async () => {
    const jar = fakeJar(() => NOW);
    const vault = new CookieVault('p1', { jar, secure: false, now: () => NOW });
    await vault.save({ refreshToken: 'rt-1', userId: 'user-1' });
    await vault.saveAccessToken('rt-1', TOKEN);
    expect(jar.written.find((l) => l.startsWith('stack-refresh-p1='))).toBe(`stack-refresh-p1=rt-1; expires=${YEAR}; path=/`);
    expect(jar.written.find((l) => l.startsWith('stack-access=['))).toBe(`stack-access=${encodeCookieValue(JSON.stringify(['rt-1', TOKEN]))}; expires=${DAY}; path=/`);
    expect(jar.written.some((l) => /^(__Host-|hexclave-)/.test(l))).toBe(false);
    expect(vault.read()).toEqual({ refreshToken: 'rt-1', accessToken: TOKEN });
    expect(await vault.load()).toEqual({ refreshToken: 'rt-1', userId: 'user-1' });
  });

  it('encodes like js-cookie: quotes and commas percent-encoded, the rest kept', () => {
    expect(encodeCookieValue('["a","b"]')).toBe('[%22a%22%2C%22b%22]');
    expect(encodeCookieValue('a/b:c@d')).toBe('a/b:c@d');
    expect(parseCookies('stack-access=%5B%22a%22%2C%22b%22%5D; x=1').get('stack-access')).toBe('["a","b"]');
    expect(parseCookies('a=first; a=second').get('a')).toBe('first');
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
});

describe('CookieVault and the published 2.8 client', () => {
  it("reads the 2.8 client's structured cookie (newest wins) and its access cookie, before the 2.7 names", async () => {
    const jar = fakeJar(() => NOW);
    jar.cookie = `stack-refresh-p1=old-rt; path=/`;
    jar.cookie = `hexclave-refresh-p1--default=${structured('rt-a', 1)}; path=/`;
    jar.cookie = `hexclave-refresh-p1--custom-abc=${structured('rt-b', 2)}; path=/`;
    jar.cookie = `hexclave-access=${encodeCookieValue(JSON.stringify(['rt-b', TOKEN]))}; path=/`;
    const vault = new CookieVault('p1', { jar, secure: false, now: () => NOW });
    expect(vault.read()).toEqual({ refreshToken: 'rt-b', accessToken: TOKEN });
  });

  it('reads the structured cookies in the 2.7 spelling last, as the 2.8 client does', () => {
    const jar = fakeJar(() => NOW);
    jar.cookie = `stack-refresh-p1--default=${structured('rt-structured-legacy', 5)}; path=/`;
    const vault = new CookieVault('p1', { jar, secure: false, now: () => NOW });
    expect(vault.read().refreshToken).toBe('rt-structured-legacy');
    jar.cookie = `stack-refresh-p1=rt-plain; path=/`;
    expect(vault.read().refreshToken).toBe('rt-plain');
  });

  it("removes the 2.8 client's cookies when it writes or clears, so both clients follow the newest session", async () => {
    const jar = fakeJar(() => NOW);
    jar.cookie = `hexclave-refresh-p1--default=${structured('theirs', 1)}; path=/`;
    jar.cookie = `hexclave-access=x; path=/`;
    const vault = new CookieVault('p1', { jar, secure: false, now: () => NOW });
    await vault.save({ refreshToken: 'ours', userId: null });
    expect(vault.read().refreshToken).toBe('ours');
    expect([...parseCookies(jar.cookie).keys()]).toEqual(['stack-refresh-p1']);
    jar.cookie = `hexclave-refresh-p1--default=${structured('theirs', 1)}; path=/`;
    await vault.clear();
    expect(jar.cookie).toBe('');
  });

  it('removes a cookie the 2.8 client set for a trusted parent domain, with that Domain', async () => {
    const jar = fakeJar(() => NOW);
    const custom = 'hexclave-refresh-p1--custom-CNW62VBGDHJJWRVFDM';
    jar.cookie = `${custom}=${structured('theirs', 9)}; path=/; domain=example.com`;
    const vault = new CookieVault('p1', { jar, secure: false, now: () => NOW });
    await vault.save({ refreshToken: 'ours', userId: null });
    expect([...parseCookies(jar.cookie).keys()]).toEqual(['stack-refresh-p1']);
    expect(jar.written).toContain(`${custom}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; domain=example.com`);
  });

  it('decodes the Domain of a custom cookie name (Crockford base32) and refuses anything but a host name', () => {
    const names = sessionCookieNames('p1');
    expect(customCookieDomain('hexclave-refresh-p1--custom-CNW62VBGDHJJWRVFDM', names)).toBe('example.com');
    expect(customCookieDomain('stack-refresh-p1--custom-c5r70bkmcnsq8', names)).toBe('app.test');
    expect(customCookieDomain('hexclave-refresh-p1--default', names)).toBeNull();
    expect(customCookieDomain('hexclave-refresh-p1--custom-U!', names)).toBeNull();
    // "a;b" encoded: a semicolon would end the attribute.
    expect(customCookieDomain('hexclave-refresh-p1--custom-C4XP4', names)).toBeNull();
  });
});

describe('CookieVault on https (the 2.8 client writes __Host- names there)', () => {
  const refreshName = '__Host-hexclave-refresh-p1--default';

  it('writes the 2.8 names with its attributes, keeps the 2.7 names, and reads them back', async () => {
    const jar = fakeJar(() => NOW, { https: true, chips: true });
    const vault = new CookieVault('p1', { jar, secure: true, now: () => NOW });
    await vault.save({ refreshToken: 'rt-1', userId: null });
    await vault.saveAccessToken('rt-1', TOKEN);
    const pair = encodeCookieValue(JSON.stringify(['rt-1', TOKEN]));
    expect(jar.written).toContain(`${refreshName}=${structured('rt-1', NOW)}; expires=${YEAR}; path=/; secure; samesite=lax`);
    expect(jar.written).toContain(`hexclave-access=${pair}; expires=${DAY}; path=/; secure; samesite=lax`);
    expect(jar.written).toContain(`stack-refresh-p1=rt-1; expires=${YEAR}; path=/; secure`);
    expect(jar.written).toContain(`stack-access=${pair}; expires=${DAY}; path=/; secure`);
    expect([...parseCookies(jar.cookie).keys()].sort()).toEqual([refreshName, 'hexclave-access', 'stack-access', 'stack-refresh-p1']);
    expect(vault.read()).toEqual({ refreshToken: 'rt-1', accessToken: TOKEN });
  });

  it('partitions only where the 2.8 client does: in a frame that refuses plain cookies and keeps partitions apart', async () => {
    const probeLines = (jar: { written: string[] }) => jar.written.filter((l) => l.startsWith('__Host-authworker-chips-probe-'));
    const page = fakeJar(() => NOW, { https: true, chips: true });
    await new CookieVault('p1', { jar: page, secure: true, now: () => NOW }).save({ refreshToken: 'rt-1', userId: null });
    expect(probeLines(page)).toHaveLength(2);

    const frame = fakeJar(() => NOW, { https: true, chips: true, frame: true });
    const framed = new CookieVault('p1', { jar: frame, secure: true, now: () => NOW });
    await framed.save({ refreshToken: 'rt-1', userId: null });
    expect(frame.written).toContain(`${refreshName}=${structured('rt-1', NOW)}; expires=${YEAR}; path=/; secure; samesite=none; partitioned`);
    expect(probeLines(frame)).toHaveLength(6);
    expect(frame.cookie).not.toContain('chips-probe');
    expect(framed.read().refreshToken).toBe('rt-1');

    const noChips = fakeJar(() => NOW, { https: true, chips: false, frame: true });
    await new CookieVault('p1', { jar: noChips, secure: true, now: () => NOW }).save({ refreshToken: 'rt-1', userId: null });
    expect(noChips.written).toContain(`${refreshName}=${structured('rt-1', NOW)}; expires=${YEAR}; path=/; secure; samesite=lax`);
  });

  it("reads the 2.8 client's __Host- cookie before the 2.7 name, and wins over it by being newer once it writes", async () => {
    const jar = fakeJar(() => NOW, { https: true, chips: true });
    jar.cookie = `stack-refresh-p1=old-rt; path=/; secure`;
    jar.cookie = `${refreshName}=${structured('theirs', NOW - 5_000)}; path=/; secure; samesite=none; partitioned`;
    jar.cookie = `hexclave-refresh-p1--custom-zz=${structured('theirs-custom', NOW - 1_000)}; path=/; domain=example.com`;
    const vault = new CookieVault('p1', { jar, secure: true, now: () => NOW });
    expect(vault.read().refreshToken).toBe('theirs-custom');
    await vault.save({ refreshToken: 'ours', userId: null });
    // The undecodable custom cookie could not be removed; ours is newer, so both clients read ours.
    expect(parseCookies(jar.cookie).has('hexclave-refresh-p1--custom-zz')).toBe(true);
    expect(vault.read().refreshToken).toBe('ours');
  });

  it('leaves one copy of each name: the twin in the other partition goes first', async () => {
    const jar = fakeJar(() => NOW, { https: true, chips: true });
    jar.cookie = `${refreshName}=${structured('theirs', 1)}; path=/; secure; samesite=lax`;
    jar.cookie = `hexclave-access=${encodeCookieValue(JSON.stringify(['theirs', TOKEN]))}; path=/; secure; samesite=lax`;
    const vault = new CookieVault('p1', { jar, secure: true, partitioned: true, now: () => NOW });
    await vault.save({ refreshToken: 'ours', userId: null });
    await vault.saveAccessToken('ours', TOKEN);
    const names = jar.cookie.split('; ').map((c) => c.slice(0, c.indexOf('=')));
    expect(names.sort()).toEqual([refreshName, 'hexclave-access', 'stack-access', 'stack-refresh-p1']);
    expect(vault.read()).toEqual({ refreshToken: 'ours', accessToken: TOKEN });
  });

  it('clear() removes every session cookie of the project in both partitions, and no other cookie', async () => {
    const jar = fakeJar(() => NOW, { https: true, chips: true });
    jar.cookie = `${refreshName}=${structured('a', 1)}; path=/; secure; samesite=none; partitioned`;
    jar.cookie = `${refreshName}=${structured('b', 2)}; path=/; secure; samesite=lax`;
    jar.cookie = `hexclave-access=x; path=/; secure; samesite=none; partitioned`;
    jar.cookie = `hexclave-refresh-p1--custom-CNW62VBGDHJJWRVFDM=${structured('c', 3)}; path=/; domain=example.com; secure; samesite=none; partitioned`;
    jar.cookie = `stack-refresh-p1=d; path=/; secure`;
    jar.cookie = `stack-access=x; path=/; secure`;
    jar.cookie = `stack-refresh-p2=other-project; path=/; secure`;
    const vault = new CookieVault('p1', { jar, secure: true, now: () => NOW });
    await vault.clear();
    expect(jar.cookie).toBe('stack-refresh-p2=other-project');
  });
});

describe("CookieVault when an app switches from the official SDK (the session's takeover)", () => {
  const pair = (refreshToken: string) => encodeCookieValue(JSON.stringify([refreshToken, TOKEN]));

  it("reads the project's own session as the official clients stored it, never the project-less legacy name", () => {
    const jar = fakeJar(() => NOW);
    const vault = new CookieVault('p1', { jar, secure: false, now: () => NOW });
    jar.cookie = 'stack-refresh=shared-rt; path=/';
    expect(vault.officialRefreshToken()).toBeNull();
    expect(vault.read().refreshToken).toBe('shared-rt');
    jar.cookie = `hexclave-refresh-p1--default=${structured('rt-28', 1)}; path=/`;
    expect(vault.officialRefreshToken()).toBe('rt-28');
  });

  it("removes the project's session cookies in every spelling and the access cookie of its token; another project's stay", () => {
    const jar = fakeJar(() => NOW);
    const custom = 'hexclave-refresh-p1--custom-CNW62VBGDHJJWRVFDM';
    jar.cookie = `hexclave-refresh-p1--default=${structured('rt-28', 1)}; path=/`;
    jar.cookie = `${custom}=${structured('rt-28', 1)}; path=/; domain=example.com`;
    jar.cookie = 'stack-refresh-p1=rt-27; path=/';
    jar.cookie = `hexclave-access=${pair('rt-28')}; path=/`;
    jar.cookie = 'stack-refresh-p2=rt-other; path=/';
    jar.cookie = `stack-access=${pair('rt-other')}; path=/`;
    jar.cookie = 'stack-refresh=shared-rt; path=/';
    new CookieVault('p1', { jar, secure: false, now: () => NOW }).removeOfficialSession();
    expect([...parseCookies(jar.cookie).keys()].sort()).toEqual(['stack-access', 'stack-refresh', 'stack-refresh-p2']);
    expect(jar.written).toContain(`${custom}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; domain=example.com`);
  });

  it('removes the __Host- cookies of the 2.8 client on https, in both partitions', () => {
    const jar = fakeJar(() => NOW, { https: true, chips: true });
    jar.cookie = `__Host-hexclave-refresh-p1--default=${structured('rt-28', 1)}; path=/; secure; samesite=lax`;
    jar.cookie = `hexclave-access=${pair('rt-28')}; path=/; secure; samesite=lax`;
    new CookieVault('p1', { jar, secure: true, now: () => NOW }).removeOfficialSession();
    expect(jar.cookie).toBe('');
  });

  it('cookie mode: takes a session in the 2.8 client\'s http spelling and rewrites it in the names both clients read', async () => {
    const jar = fakeJar(() => NOW);
    jar.cookie = `hexclave-refresh-p1--default=${structured('rt-28', 1)}; path=/`;
    jar.cookie = `hexclave-access=${pair('rt-28')}; path=/`;
    const vault = new CookieVault('p1', { jar, secure: false, now: () => NOW });
    expect(await vault.load()).toEqual({ refreshToken: 'rt-28', userId: 'user-1' });
    expect([...parseCookies(jar.cookie).keys()].sort()).toEqual(['stack-access', 'stack-refresh-p1']);
    expect(vault.read()).toEqual({ refreshToken: 'rt-28', accessToken: TOKEN });
    // Once in our spelling, a load writes nothing.
    const writes = jar.written.length;
    await vault.load();
    expect(jar.written).toHaveLength(writes);
  });

  it('cookie mode: removes session cookies of the project that hold no refresh token (malformed), and starts signed out', async () => {
    const jar = fakeJar(() => NOW);
    jar.cookie = 'hexclave-refresh-p1--default=not-json; path=/';
    jar.cookie = 'stack-refresh-p2=rt-other; path=/';
    const vault = new CookieVault('p1', { jar, secure: false, now: () => NOW });
    expect(await vault.load()).toBeNull();
    expect([...parseCookies(jar.cookie).keys()]).toEqual(['stack-refresh-p2']);
  });
});

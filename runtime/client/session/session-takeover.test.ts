// The page's half of the switch from the official SDK: it hands the worker the project's refresh token from the
// official cookies once, and deletes those cookies once the worker has settled the session.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HelloData } from '../../bridge/messages.ts';
import { helloTakingOver, setForOtherHosts } from './session-takeover.ts';

/** `document.cookie` with what these tests need: set, and remove by a past expiry. */
function cookieJar(initial: Record<string, string>) {
  const cookies = new Map(Object.entries(initial));
  vi.stubGlobal('location', { protocol: 'http:' });
  vi.stubGlobal('document', {
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      if (/expires=Thu, 01 Jan 1970/.test(line)) cookies.delete(name);
      else cookies.set(name, pair.slice(pair.indexOf('=') + 1));
    },
  });
  return cookies;
}

afterEach(() => vi.unstubAllGlobals());

const HELLO: HelloData = { protocol: 1, snapshot: { status: 'signed-in', userId: 'user-7', network: 'online', seq: 1 }, storedUser: null };

describe('helloTakingOver', () => {
  it("hands over the official refresh token and deletes the project's cookies once the worker settled it", async () => {
    const cookies = cookieJar({ 'stack-refresh-p1': 'rt-official', 'stack-access': encodeURIComponent(JSON.stringify(['rt-official', 'at'])), 'stack-refresh-p2': 'rt-other' });
    const hello = vi.fn(async () => ({ ...HELLO, tookOver: true }));
    expect(await helloTakingOver(hello, 'p1')).toMatchObject({ tookOver: true });
    expect(hello).toHaveBeenCalledWith({ officialRefreshToken: 'rt-official' });
    expect([...cookies.keys()]).toEqual(['stack-refresh-p2']);
  });

  it('keeps the cookies when the worker could not settle it yet (offline), or is too old to take it', async () => {
    const cookies = cookieJar({ 'stack-refresh-p1': 'rt-official' });
    await helloTakingOver(async () => ({ ...HELLO, tookOver: false }), 'p1');
    await helloTakingOver(async () => HELLO, 'p1');
    expect([...cookies.keys()]).toEqual(['stack-refresh-p1']);
  });

  it('deletes an unreadable official session at once and says hello without it', async () => {
    const cookies = cookieJar({ 'hexclave-refresh-p1--default': 'not-json' });
    const hello = vi.fn(async () => HELLO);
    await helloTakingOver(hello, 'p1');
    expect(hello).toHaveBeenCalledWith();
    expect(cookies.size).toBe(0);
  });
});

const P = 'p1';
const store = (cookies: unknown[]) => ({ getAll: async () => cookies });

describe('setForOtherHosts', () => {
  it('refuses a session cookie of the project that carries a Domain (a sibling host could have planted it)', async () => {
    expect(await setForOtherHosts(P, store([{ name: `stack-refresh-${P}`, value: 'rt', domain: 'example.com' }]))).toBe(true);
    expect(await setForOtherHosts(P, store([{ name: `hexclave-refresh-${P}--default`, value: '{}', domain: '.example.com' }]))).toBe(true);
  });

  it('accepts host-only cookies and ignores other projects and other cookies', async () => {
    expect(await setForOtherHosts(P, store([{ name: `stack-refresh-${P}`, value: 'rt', domain: null }]))).toBe(false);
    expect(await setForOtherHosts(P, store([{ name: 'stack-refresh-other', domain: 'example.com' }, { name: 'theme', domain: 'example.com' }, null]))).toBe(false);
  });

  it('cannot tell without a Cookie Store (false), and distrusts one that fails', async () => {
    expect(await setForOtherHosts(P, undefined)).toBe(false);
    expect(await setForOtherHosts(P, { getAll: async () => Promise.reject(new Error('SecurityError')) })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { fakeAccessToken, makeHost } from '../../testing/runtime/host.ts';
import { MemoryVault, type TokenVault } from './vault.ts';

describe('SessionHost', () => {
  it('starts loading, then signed out when nothing is stored', async () => {
    const { host, broadcaster } = makeHost();
    expect(host.snapshot.status).toBe('loading');
    await host.ensureLoaded();
    expect(host.snapshot).toMatchObject({ status: 'signed-out', userId: null });
    expect(broadcaster.posted.at(-1)?.status).toBe('signed-out');
  });

  it('rebuilds the session from storage after a worker restart', async () => {
    const vault = new MemoryVault();
    await vault.save({ refreshToken: 'rt-1', userId: 'user-1' });
    const { host } = makeHost({ vault });
    await host.ensureLoaded();
    expect(host.snapshot).toMatchObject({ status: 'signed-in', userId: 'user-1' });
    expect(host.session?.refreshToken).toBe('rt-1');
  });

  it('stores, broadcasts and wipes with strictly growing sequence numbers', async () => {
    const { host, vault, broadcaster } = makeHost();
    await host.establish({ refreshToken: 'rt-2', accessToken: fakeAccessToken('user-2', Date.now() + 600_000), userId: 'user-2' });
    expect(await vault.load()).toEqual({ refreshToken: 'rt-2', userId: 'user-2' });
    expect(host.snapshot).toMatchObject({ status: 'signed-in', userId: 'user-2' });

    const dropped = await host.wipe();
    expect(dropped?.refreshToken).toBe('rt-2');
    expect(host.session).toBeNull();
    expect(await vault.load()).toBeNull();
    const seqs = broadcaster.posted.map((s) => s.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(broadcaster.posted.at(-1)).toMatchObject({ status: 'signed-out', userId: null });
  });

  it('never hangs on storage: a vault that never answers means signed out after the timeout', async () => {
    const never = () => new Promise<never>(() => undefined);
    const hanging: TokenVault = { load: never, save: never, clear: never, loadPendingRevokes: never, savePendingRevokes: never };
    const { host } = makeHost({ vault: hanging, timeoutMs: 20 });
    await host.ensureLoaded();
    expect(host.snapshot.status).toBe('signed-out');
    await host.establish({ refreshToken: 'rt', accessToken: null, userId: 'u' });
    expect(host.snapshot.status).toBe('signed-in');
    await host.wipe();
    expect(host.snapshot.status).toBe('signed-out');
  });

  it('a storage error is a signed-out start, not a crash', async () => {
    const broken: TokenVault = { ...new MemoryVault(), load: async () => Promise.reject(new Error('disk full')), save: async () => undefined, clear: async () => undefined, loadPendingRevokes: async () => [], savePendingRevokes: async () => undefined };
    const { host } = makeHost({ vault: broken });
    await host.ensureLoaded();
    expect(host.snapshot.status).toBe('signed-out');
  });

  it('a rejected refresh signs every tab out', async () => {
    const { host, broadcaster, vault } = makeHost({ refresh: async () => null });
    await host.establish({ refreshToken: 'rt-3', accessToken: null, userId: 'user-3' });
    expect(await host.session?.getTokens()).toBeNull();
    await expect.poll(() => host.snapshot.status).toBe('signed-out');
    expect(await vault.load()).toBeNull();
    expect(broadcaster.posted.at(-1)?.status).toBe('signed-out');
  });
});

describe('SessionHost with a corrupt store', () => {
  it('starts signed out when the stored refresh token is refused by the session core', async () => {
    const vault = new MemoryVault();
    await vault.save({ refreshToken: 'undefined', userId: 'u' });
    const { host } = makeHost({ vault });
    await host.ensureLoaded();
    expect(host.snapshot.status).toBe('signed-out');
    expect(await vault.load()).toBeNull();
  });
});

describe('SessionHost clock skew', () => {
  it('judges expiry on the server clock, learnt from iat, so a server 15 minutes behind still works', async () => {
    const skew = -15 * 60_000;
    const serverNow = () => Date.now() + skew;
    let refreshes = 0;
    const { host } = makeHost({
      refresh: async () => {
        refreshes += 1;
        return fakeAccessToken('u', serverNow() + 600_000, serverNow());
      },
    });
    // Issued on the server's clock: by ours it expired five minutes ago.
    await host.establish({ refreshToken: 'rt', accessToken: fakeAccessToken('u', serverNow() + 600_000, serverNow()), userId: 'u' });
    expect(host.clockOffsetMs).toBeLessThan(-14 * 60_000);
    const tokens = await host.session?.getTokens();
    expect(tokens?.accessToken).toBeTruthy();
    expect(refreshes).toBe(0);
  });

  it('ignores offsets of a few seconds', async () => {
    const { host } = makeHost();
    await host.establish({ refreshToken: 'rt', accessToken: fakeAccessToken('u', Date.now() + 600_000, Date.now() - 2_000), userId: 'u' });
    expect(host.clockOffsetMs).toBe(0);
  });
});

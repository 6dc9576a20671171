import { describe, expect, it } from 'vitest';
import { fakeAccessToken, makeHost, memoryRecords, sealedStore } from '../../testing/runtime/host.ts';
import { sessionTakeover } from './session-takeover.ts';
import { MemoryVault } from './vault.ts';

/** A takeover whose API accepts `accepted` (as user-7's), refuses other tokens, or cannot be reached. */
function setup(api: 'up' | 'down' = 'up', records = memoryRecords(), vault = new MemoryVault()) {
  const asked: string[] = [];
  const network = { api };
  const refresh = async (refreshToken: string) => {
    asked.push(refreshToken);
    if (network.api === 'down') throw new TypeError('Failed to fetch');
    return refreshToken === 'accepted' ? fakeAccessToken('user-7', Date.now() + 600_000) : null;
  };
  const { host } = makeHost({ vault, refresh });
  const takeOver = sessionTakeover({ host, refreshAccessToken: refresh, sealed: sealedStore(records), timeoutMs: 1000 });
  return { host, takeOver, asked, network, records, vault };
}

describe("taking over the official SDK's session", () => {
  it('makes a refresh token the API accepts the session, with the user of its new access token, and stores it', async () => {
    const { host, takeOver, vault } = setup();
    expect(await takeOver('accepted')).toBe(true);
    expect(host.snapshot).toMatchObject({ status: 'signed-in', userId: 'user-7' });
    expect(await vault.load()).toMatchObject({ refreshToken: 'accepted', userId: 'user-7' });
  });

  it('ignores an expired or malformed one (the API refuses it): signed out, no error, settled so its cookies go', async () => {
    const { host, takeOver } = setup();
    expect(await takeOver('expired')).toBe(true);
    expect(host.snapshot.status).toBe('signed-out');
  });

  it('keeps it for the next start when the API cannot be reached', async () => {
    const { host, takeOver, network } = setup('down');
    expect(await takeOver('accepted')).toBe(false);
    expect(host.snapshot.status).toBe('signed-out');
    network.api = 'up';
    expect(await takeOver('accepted')).toBe(true);
    expect(host.snapshot).toMatchObject({ status: 'signed-in', userId: 'user-7' });
  });

  it('never replaces a session of its own, which is newer', async () => {
    const { host, takeOver, asked } = setup();
    await host.establish({ refreshToken: 'ours', accessToken: null, userId: 'user-1' });
    expect(await takeOver('accepted')).toBe(true);
    expect(host.snapshot).toMatchObject({ status: 'signed-in', userId: 'user-1' });
    expect(asked).toEqual([]);
  });

  it('keeps a sign-in that finished while the API was answering', async () => {
    const records = memoryRecords();
    const vault = new MemoryVault();
    let release: () => void = () => undefined;
    const { host } = makeHost({ vault });
    const takeOver = sessionTakeover({
      host,
      refreshAccessToken: async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return fakeAccessToken('user-7', Date.now() + 600_000);
      },
      sealed: sealedStore(records),
      timeoutMs: 1000,
    });
    const pending = takeOver('accepted');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await host.establish({ refreshToken: 'ours', accessToken: null, userId: 'user-1' });
    release();
    expect(await pending).toBe(true);
    expect(host.snapshot.userId).toBe('user-1');
  });

  it('happens once per project: after it, a session handed over again is not taken, also after a worker restart', async () => {
    const first = setup();
    expect(await first.takeOver('accepted')).toBe(true);
    await first.host.wipe();
    expect(await first.takeOver('accepted')).toBe(true);
    expect(first.host.snapshot.status).toBe('signed-out');

    const restarted = setup('up', first.records);
    expect(await restarted.takeOver('accepted')).toBe(true);
    expect(restarted.host.snapshot.status).toBe('signed-out');
    expect(restarted.asked).toEqual([]);
  });

  it('settles at the first start with nothing handed over: a cookie planted later is never adopted, also after a restart', async () => {
    const { takeOver, host, asked, records, vault } = setup();
    expect(await takeOver()).toBe(true);
    expect(await takeOver('accepted')).toBe(true);
    expect(host.snapshot.status).toBe('signed-out');
    const restarted = setup('up', records, vault);
    expect(await restarted.takeOver('accepted')).toBe(true);
    expect(restarted.host.snapshot.status).toBe('signed-out');
    expect([...asked, ...restarted.asked]).toEqual([]);
  });
});


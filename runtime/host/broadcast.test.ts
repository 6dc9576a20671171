// Session state reaches a tab only from its own host; the BroadcastChannel carries hints that make a
// page-hosted tab re-read storage. A forged session event on the channel changes nothing.
import { describe, expect, it, vi } from 'vitest';
import type { SessionSnapshot } from '../bridge/messages.ts';
import { WorkerClientsBroadcaster } from '../../sw/client-broadcast.ts';
import { SESSION_HINT_TYPE, SessionHintChannel, USER_HINT_TYPE, type UserHint } from './broadcast.ts';
import { SessionHost } from './session-host.ts';
import { fakeAccessToken } from '../../testing/runtime/host.ts';
import { MemoryVault } from './vault.ts';

/** Two page-hosted tabs of one origin: one shared store (IndexedDB in a browser), one channel. */
function twoTabs() {
  const channelName = `test:${crypto.randomUUID()}`;
  const storage = new MemoryVault();
  const tab = () => {
    const seen: SessionSnapshot[] = [];
    let synced: Promise<void> = Promise.resolve();
    let heard = 0;
    const hints = new SessionHintChannel(channelName, () => {
      heard++;
      synced = host.syncFromStore({ broadcast: false });
    });
    const host: SessionHost = new SessionHost({ vault: storage, broadcaster: hints, timeoutMs: 1000, refreshAccessToken: async () => null });
    host.subscribe((snapshot) => seen.push(snapshot));
    return { host, seen, hints, settled: () => synced, heard: () => heard };
  };
  return { channelName, a: tab(), b: tab() };
}

/** Waits until `check` holds, polling the event loop (BroadcastChannel delivers on a later task). */
async function until(check: () => boolean): Promise<void> {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: 2000, interval: 5 });
}

describe('page-hosted tabs', () => {
  it('follow each other through storage: sign-in and sign-out in tab A reach tab B', async () => {
    const { a, b } = twoTabs();
    await Promise.all([a.host.ensureLoaded(), b.host.ensureLoaded()]);
    await a.host.establish({ refreshToken: 'rt-a', accessToken: fakeAccessToken('user-1', Date.now() + 600_000), userId: 'user-1' });
    await until(() => b.host.snapshot.status === 'signed-in');
    expect(b.seen.at(-1)).toMatchObject({ status: 'signed-in', userId: 'user-1' });
    await a.host.wipe();
    await until(() => b.host.snapshot.status === 'signed-out');
    expect(b.host.session).toBeNull();
    a.hints.close();
    b.hints.close();
  });

  it('ignore a forged session event on the channel: the stored session is what counts', async () => {
    const { channelName, a, b } = twoTabs();
    await a.host.establish({ refreshToken: 'rt-a', accessToken: fakeAccessToken('user-1', Date.now() + 600_000), userId: 'user-1' });
    await until(() => b.host.snapshot.status === 'signed-in');
    const [seenA, seenB, heardA, heardB] = [a.seen.length, b.seen.length, a.heard(), b.heard()];
    const forger = new BroadcastChannel(channelName);
    const forged = { type: 'session', snapshot: { status: 'signed-out', userId: null, network: 'online', seq: Number.MAX_SAFE_INTEGER } };
    forger.postMessage(forged);
    forger.postMessage({ type: SESSION_HINT_TYPE });
    // Both tabs take the posts as hints and re-read storage, which still holds the session.
    // (A hint of tab A's own sign-in may still be on its way to B: at least the two forged ones.)
    await until(() => a.heard() >= heardA + 2 && b.heard() >= heardB + 2);
    await Promise.all([a.settled(), b.settled()]);
    expect(a.host.snapshot).toMatchObject({ status: 'signed-in', userId: 'user-1' });
    expect(b.host.snapshot).toMatchObject({ status: 'signed-in', userId: 'user-1' });
    expect([...a.seen.slice(seenA), ...b.seen.slice(seenB)]).toEqual([]);
    forger.close();
    a.hints.close();
    b.hints.close();
  });
});

describe('user hints between page-hosted tabs', () => {
  it('say what to fetch again (the user, the reads), never the user itself; anything else is a session hint', async () => {
    const channelName = `test:${crypto.randomUUID()}`;
    const heard: (UserHint | 'session')[] = [];
    const tabB = new SessionHintChannel(channelName, () => heard.push('session'), (hint) => heard.push(hint));
    const tabA = new SessionHintChannel(channelName, () => undefined);
    tabA.postUser({ seq: 1, userId: 'user-1', version: 5, body: '{"display_name":"Ada"}', reads: ['user', 'contact-channels'] });
    tabA.postUser({ seq: 1, userId: 'user-1', version: 6, reads: ['teams'] });
    await until(() => heard.length === 2);
    expect(heard).toEqual([
      { user: true, reads: ['user', 'contact-channels'] },
      { user: false, reads: ['teams'] },
    ]);
    // A post that is not a well-formed user hint only makes the tab read its storage again.
    const forger = new BroadcastChannel(channelName);
    forger.postMessage({ type: USER_HINT_TYPE, user: true, reads: [{ display_name: 'forged' }] });
    await until(() => heard.length === 3);
    expect(heard[2]).toBe('session');
    for (const channel of [forger, tabA, tabB]) channel.close();
  });
});

describe('the worker', () => {
  it('posts each user change to every window client, as it posts the session', async () => {
    const received: unknown[] = [];
    const clients = { matchAll: vi.fn(async () => [{ postMessage: (message: unknown) => received.push(message) }]) };
    const broadcaster = new WorkerClientsBroadcaster(clients, `test:${crypto.randomUUID()}`);
    const change = { seq: 3, userId: 'user-1', version: 9, body: '{}', reads: ['user'] };
    broadcaster.postUser(change);
    await until(() => received.length === 1);
    expect(received).toEqual([{ type: 'user', change }]);
    broadcaster.close();
  });

  it('posts each snapshot to every window client, then a content-free hint once storage is written', async () => {
    const received: unknown[][] = [[], []];
    const clients = { matchAll: vi.fn(async () => received.map((inbox) => ({ postMessage: (message: unknown) => inbox.push(message) }))) };
    const channelName = `test:${crypto.randomUUID()}`;
    const listener = new BroadcastChannel(channelName);
    const hints: unknown[] = [];
    listener.onmessage = (event: MessageEvent) => hints.push(event.data);
    const broadcaster = new WorkerClientsBroadcaster(clients, channelName);
    let stored!: () => void;
    const snapshot: SessionSnapshot = { status: 'signed-out', userId: null, network: 'online', seq: 7 };
    broadcaster.post(snapshot, new Promise<void>((resolve) => (stored = resolve)));
    await until(() => received.every((inbox) => inbox.length === 1));
    expect(received).toEqual([[{ type: 'session', snapshot }], [{ type: 'session', snapshot }]]);
    expect(clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hints).toEqual([]);
    stored();
    await until(() => hints.length === 1);
    expect(hints).toEqual([{ type: SESSION_HINT_TYPE }]);
    listener.close();
    broadcaster.close();
  });
});

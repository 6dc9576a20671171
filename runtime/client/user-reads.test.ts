import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from './current-user.ts';
import { withoutAnnounce } from '../../testing/runtime/client/user-change.ts';
import { changed } from './read-keys.ts';
import { UserCache } from './user-cache.ts';
import { UserReads } from './user-reads.ts';

const userA = { id: 'a' } as CurrentUser;
const userB = { id: 'b' } as CurrentUser;

function setUp(first: CurrentUser | null = userA) {
  let current = first;
  const userCache = new UserCache(async () => current);
  const store = new UserReads(userCache);
  return { store, userCache, setUser: (user: CurrentUser | null) => (current = user) };
}

/** Reads like a suspending hook: waits out the thrown promise, then reads again. */
async function settle<T>(read: () => T): Promise<T> {
  for (;;) {
    try {
      return read();
    } catch (thrown) {
      if (!(thrown instanceof Promise)) throw thrown;
      await thrown;
      await Promise.resolve();
    }
  }
}

describe('UserReads', () => {
  it('suspends on the first read, then serves the value and tells the subscribers', async () => {
    const { store } = setUp();
    const load = vi.fn(async () => ['t1']);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(() => store.read(userA, ['teams'], load)).toThrow(Promise);
    expect(await settle(() => store.read(userA, ['teams'], load))).toEqual(['t1']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalled();
  });

  it('refetches exactly the entries a mutation names, keeping the old value meanwhile', async () => {
    const { store, userCache } = setUp();
    await userCache.reload();
    let answer = (_teams: string[]) => {};
    const teams = vi.fn().mockResolvedValueOnce(['t1']).mockReturnValueOnce(new Promise<string[]>((resolve) => (answer = resolve)));
    const channels = vi.fn(async () => ['a@example.com']);
    await settle(() => store.read(userA, ['teams'], teams));
    await settle(() => store.read(userA, ['contact-channels'], channels));
    await userCache.reload();
    expect(teams).toHaveBeenCalledTimes(1);
    const settled = changed(withoutAnnounce(userCache), ['teams']);
    await vi.waitFor(() => expect(teams).toHaveBeenCalledTimes(2));
    expect(channels).toHaveBeenCalledTimes(1);
    expect(store.read(userA, ['teams'], teams)).toEqual(['t1']);
    answer(['t1', 't2']);
    await settled;
    expect(store.read(userA, ['teams'], teams)).toEqual(['t1', 't2']);
  });

  it('refetches by the SDK cache rules: one fetch at a time, 300 ms apart, a burst of changes sharing the next fetch', async () => {
    const { store, userCache } = setUp();
    await userCache.reload();
    const starts: number[] = [];
    const load = vi.fn(async () => {
      starts.push(Date.now());
      return ['t1'];
    });
    await settle(() => store.read(userA, ['teams'], load));
    await Promise.all([changed(withoutAnnounce(userCache), ['teams']), changed(withoutAnnounce(userCache), ['teams']), changed(withoutAnnounce(userCache), ['teams'])]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(295); // timers may fire a millisecond early
  });

  it("forgets another user's reads when the user changes", async () => {
    const { store, userCache, setUser } = setUp();
    const load = vi.fn(async (user: CurrentUser) => [user.id]);
    await settle(() => store.read(userA, ['teams'], load));
    setUser(userB);
    await userCache.reload();
    expect(() => store.read(userA, ['teams'], load)).toThrow(Promise);
    expect(await settle(() => store.read(userB, ['teams'], load))).toEqual(['b']);
  });

  it('without Suspense, reads undefined until the first fetch lands, then the value', async () => {
    const { store } = setUp();
    const load = vi.fn(async () => ['t1']);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.read(userA, ['teams'], load, false)).toBeUndefined();
    await vi.waitFor(() => expect(listener).toHaveBeenCalled());
    expect(store.read(userA, ['teams'], load, false)).toEqual(['t1']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a failed first fetch once, then tries again', async () => {
    const { store } = setUp();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(['t1']);
    await expect(settle(() => store.read(userA, ['teams'], load))).rejects.toThrow('offline');
    expect(await settle(() => store.read(userA, ['teams'], load))).toEqual(['t1']);
  });

  it('drops an entry 5 s after the last hook holding it unmounts, unless one holds it again', async () => {
    const { store, userCache } = setUp();
    const load = vi.fn(async () => ['t1']);
    await settle(() => store.read(userA, ['teams'], load));
    vi.useFakeTimers();
    try {
      const release = store.hold(userA, ['teams'])!;
      release();
      vi.advanceTimersByTime(4_000);
      const again = store.hold(userA, ['teams'])!;
      vi.advanceTimersByTime(2_000);
      expect(store.read(userA, ['teams'], load)).toEqual(['t1']);
      again();
      vi.advanceTimersByTime(5_000);
    } finally {
      vi.useRealTimers();
    }
    // Dropped: a change refetches nothing, and the next read suspends on a new fetch.
    await userCache.reload();
    await changed(withoutAnnounce(userCache), ['teams']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(() => store.read(userA, ['teams'], load)).toThrow(Promise);
  });
});

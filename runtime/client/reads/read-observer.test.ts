import { describe, expect, it, vi } from 'vitest';
import type { SessionSnapshot } from '../../bridge/messages.ts';
import type { CurrentUser } from '../user/current-user.ts';
import { withoutAnnounce } from '../../../testing/runtime/client/user-change.ts';
import { changed, type ReadKey } from './read-keys.ts';
import { ReadObserver, type ReadOptions } from './read-observer.ts';
import { UserCache } from './user-cache.ts';

const userA = { id: 'a' } as CurrentUser;
const userB = { id: 'b' } as CurrentUser;
const signedIn = (userId: string, seq: number) => ({ status: 'signed-in', userId, network: 'online', seq }) as SessionSnapshot;

/** A cache signed in as `first`, its user fetched; `setUser` changes who the next fetch answers with. */
async function setUp(first: CurrentUser = userA) {
  let current = first;
  const userCache = new UserCache(async () => current);
  userCache.sync(signedIn(first.id, 1));
  await userCache.whenReady();
  return { userCache, setUser: (user: CurrentUser) => (current = user) };
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

const options = <T,>(key: ReadKey, load: (user: CurrentUser) => Promise<T>): ReadOptions<T> => ({ key, load, signedOut: [] as T });

describe('ReadObserver', () => {
  it('suspends on the first read, then serves the value and tells its subscribers', async () => {
    const { userCache } = await setUp();
    const teams = options('teams', vi.fn(async () => ['t1']));
    const observer = new ReadObserver(userCache, teams);
    const listener = vi.fn();
    observer.subscribe(listener);
    expect(() => observer.read(teams, true)).toThrow(Promise);
    observer.setOptions(teams);
    expect(await settle(() => observer.read(teams, true))).toEqual(['t1']);
    expect(teams.load).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalled();
  });

  it('shares one read among the observers of a key; another view of the key is a read of its own', async () => {
    const { userCache } = await setUp();
    const load = vi.fn(async () => ['t1']);
    const first = new ReadObserver(userCache, options('teams', load));
    const second = new ReadObserver(userCache, options('teams', load));
    const other = { ...options('teams', async () => ['t1 with permissions']), view: 'account' };
    await settle(() => first.read(options('teams', load), true));
    expect(second.read(options('teams', load), true)).toEqual(['t1']);
    expect(await settle(() => new ReadObserver(userCache, other).read(other, true))).toEqual(['t1 with permissions']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('refetches exactly the reads a mutation names, keeping the old value meanwhile', async () => {
    const { userCache } = await setUp();
    let answer = (_teams: string[]) => {};
    const teams = options('teams', vi.fn().mockResolvedValueOnce(['t1']).mockReturnValueOnce(new Promise<string[]>((resolve) => (answer = resolve))));
    const channels = options('contact-channels', vi.fn(async () => ['a@example.com']));
    const observer = new ReadObserver(userCache, teams);
    await settle(() => observer.read(teams, true));
    await settle(() => new ReadObserver(userCache, channels).read(channels, true));
    await userCache.reload();
    expect(teams.load).toHaveBeenCalledTimes(1);
    const settled = changed(withoutAnnounce(userCache), ['teams']);
    await vi.waitFor(() => expect(teams.load).toHaveBeenCalledTimes(2));
    expect(channels.load).toHaveBeenCalledTimes(1);
    expect(observer.read(teams, true)).toEqual(['t1']);
    answer(['t1', 't2']);
    await settled;
    expect(observer.read(teams, true)).toEqual(['t1', 't2']);
  });

  it('refetches by the SDK cache rules: one fetch at a time, 300 ms apart, a burst of changes sharing the next fetch', async () => {
    const { userCache } = await setUp();
    const starts: number[] = [];
    const teams = options(
      'teams',
      vi.fn(async () => {
        starts.push(Date.now());
        return ['t1'];
      }),
    );
    await settle(() => new ReadObserver(userCache, teams).read(teams, true));
    await Promise.all([changed(withoutAnnounce(userCache), ['teams']), changed(withoutAnnounce(userCache), ['teams']), changed(withoutAnnounce(userCache), ['teams'])]);
    expect(teams.load).toHaveBeenCalledTimes(2);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(295); // timers may fire a millisecond early
  });

  it("forgets another user's reads when the user changes", async () => {
    const { userCache, setUser } = await setUp();
    const teams = options('teams', vi.fn(async (user: CurrentUser) => [user.id]));
    const observer = new ReadObserver(userCache, teams);
    expect(await settle(() => observer.read(teams, true))).toEqual(['a']);
    setUser(userB);
    userCache.sync(signedIn('b', 2));
    expect(() => observer.read(teams, true)).toThrow(Promise);
    expect(await settle(() => observer.read(teams, true))).toEqual(['b']);
  });

  it('without Suspense, reads undefined until the first fetch lands, then the value', async () => {
    const { userCache } = await setUp();
    const teams = options('teams', vi.fn(async () => ['t1']));
    const observer = new ReadObserver(userCache, teams);
    const listener = vi.fn();
    observer.subscribe(listener);
    expect(observer.read(teams, false)).toBeUndefined();
    observer.setOptions(teams);
    await vi.waitFor(() => expect(listener).toHaveBeenCalled());
    expect(observer.read(teams, false)).toEqual(['t1']);
    expect(teams.load).toHaveBeenCalledTimes(1);
  });

  it('throws a failed first fetch once, then tries again; result() keeps the failure for the components to show', async () => {
    const { userCache } = await setUp();
    const teams = options('teams', vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(['t1']));
    const observer = new ReadObserver(userCache, teams);
    const shown = () => observer.result(teams, observer.getSnapshot());
    expect(shown()).toMatchObject({ value: undefined, read: { error: undefined } });
    await vi.waitFor(() => expect(shown()).toMatchObject({ value: undefined, read: { error: new Error('offline') } }));
    expect(() => observer.read(teams, true)).toThrow('offline');
    expect(await settle(() => observer.read(teams, true))).toEqual(['t1']);
  });

  it('reads the signed-out value without a request, and suspends on the user while it loads', async () => {
    const userCache = new UserCache(async () => null);
    const teams = options('teams', vi.fn(async () => ['t1']));
    const observer = new ReadObserver(userCache, teams);
    expect(() => observer.read(teams, true)).toThrow(Promise);
    expect(observer.read(teams, false)).toBeUndefined();
    userCache.sync({ status: 'signed-out', userId: null, network: 'online', seq: 1 });
    expect(observer.read(teams, true)).toEqual([]);
    expect(teams.load).not.toHaveBeenCalled();
  });

  it('renders an answer that landed between the render and the subscription (it told nobody)', async () => {
    const { userCache } = await setUp();
    const teams = options('teams', vi.fn(async () => ['t1']));
    const observer = new ReadObserver(userCache, teams);
    expect(observer.read(teams, false)).toBeUndefined();
    await vi.waitFor(() => expect(teams.load).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    const before = observer.getSnapshot();
    const listener = vi.fn();
    observer.subscribe(listener);
    expect(observer.getSnapshot()).not.toBe(before);
    expect(observer.read(teams, false)).toEqual(['t1']);
  });

  it('drops a read 5 s after the last observer holding it unsubscribes, unless one holds it again', async () => {
    const { userCache } = await setUp();
    const teams = options('teams', vi.fn(async () => ['t1']));
    const observer = new ReadObserver(userCache, teams);
    await settle(() => observer.read(teams, true));
    vi.useFakeTimers();
    try {
      const release = observer.subscribe(() => undefined);
      release();
      vi.advanceTimersByTime(4_000);
      const again = observer.subscribe(() => undefined);
      vi.advanceTimersByTime(2_000);
      expect(observer.read(teams, true)).toEqual(['t1']);
      again();
      vi.advanceTimersByTime(5_000);
    } finally {
      vi.useRealTimers();
    }
    // Dropped: a change refetches nothing, and the next read suspends on a new fetch.
    await changed(withoutAnnounce(userCache), ['teams']);
    expect(teams.load).toHaveBeenCalledTimes(1);
    expect(() => observer.read(teams, true)).toThrow(Promise);
  });
});

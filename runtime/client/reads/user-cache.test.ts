import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionSnapshot } from '../../bridge/messages.ts';
import { CACHE_EVICT_AFTER_MS } from './read.ts';
import type { CurrentUser } from '../user/current-user.ts';
import { withoutAnnounce } from '../../../testing/runtime/client/user-change.ts';
import { changed } from './read-keys.ts';
import { UserCache } from './user-cache.ts';

const signedIn = (userId: string) => ({ status: 'signed-in', userId, network: 'online', seq: 1 }) as unknown as SessionSnapshot;
const signedOut = { status: 'signed-out', userId: null, network: 'online', seq: 2 } as unknown as SessionSnapshot;
const user = (name: string) => ({ id: 'u1', displayName: name }) as unknown as CurrentUser;

afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  vi.useFakeTimers({ now: 0 });
  const answers: ((u: CurrentUser | null) => void)[] = [];
  const cache = new UserCache(() => new Promise((resolve) => answers.push(resolve)));
  const advance = async (ms: number) => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return { cache, answers, advance };
}

describe('UserCache: the stored user of an earlier visit', () => {
  it('is shown at once, marked cached, then replaced by the API answer (the hooks re-render)', async () => {
    const { cache, answers, advance } = setup();
    const seen: (string | undefined)[] = [];
    cache.subscribe(() => seen.push(`${cache.getSnapshot().user?.displayName}${cache.getSnapshot().cached ? ' (cached)' : ''}`));
    cache.offerStored('u1', async () => user('stored name'));
    cache.sync(signedIn('u1'));
    await advance(0);
    expect(cache.getSnapshot()).toMatchObject({ status: 'ready', user: { displayName: 'stored name' }, cached: true });
    // Revalidated right after it is on screen.
    expect(answers).toHaveLength(1);
    answers[0]!(user('changed name'));
    await advance(0);
    expect(cache.getSnapshot()).toMatchObject({ status: 'ready', user: { displayName: 'changed name' } });
    expect(cache.getSnapshot().cached).toBeUndefined();
    expect(seen).toEqual(['undefined', 'stored name (cached)', 'changed name']);
  });

  it("is not shown for another user's session, nor after a fresher answer", async () => {
    const other = setup();
    other.cache.offerStored('u1', async () => user('stored'));
    other.cache.sync(signedIn('u2'));
    await other.advance(0);
    expect(other.cache.getSnapshot().status).toBe('loading');
    expect(other.answers).toHaveLength(1);

    const { cache, answers, advance } = setup();
    let build = (_: CurrentUser) => {};
    cache.offerStored('u1', () => new Promise((resolve) => (build = resolve)));
    cache.sync(signedIn('u1'));
    cache.reload();
    answers[0]!(user('fresh'));
    await advance(0);
    build(user('stored'));
    await advance(0);
    expect(cache.getSnapshot()).toMatchObject({ user: { displayName: 'fresh' } });
    expect(cache.getSnapshot().cached).toBeUndefined();
  });

  it('stays on screen, still marked cached, with the error when the revalidation fails (offline)', async () => {
    vi.useFakeTimers({ now: 0 });
    const cache = new UserCache(() => Promise.reject(new Error('offline')));
    cache.offerStored('u1', async () => user('stored'));
    cache.sync(signedIn('u1'));
    await vi.advanceTimersByTimeAsync(0);
    expect(cache.getSnapshot()).toMatchObject({ status: 'ready', user: { displayName: 'stored' }, cached: true, error: { message: 'offline' } });
  });

  it('a revoked session (signed out by the worker) clears it', async () => {
    const { cache, advance } = setup();
    cache.offerStored('u1', async () => user('stored'));
    cache.sync(signedIn('u1'));
    await advance(0);
    cache.sync(signedOut);
    expect(cache.getSnapshot()).toEqual({ status: 'ready', user: null, error: null });
  });
});

describe('UserCache', () => {
  it('a mutation during the first fetch gets a second, later fetch: never the answer from before it', async () => {
    const { cache, answers, advance } = setup();
    cache.sync(signedIn('u1'));
    expect(answers).toHaveLength(1);
    const afterMutation = cache.reload();
    answers[0]!(user('old name'));
    await advance(0);
    expect(cache.getSnapshot().user?.displayName).toBe('old name');
    await advance(300);
    expect(answers).toHaveLength(2);
    answers[1]!(user('new name'));
    await afterMutation;
    expect(cache.getSnapshot()).toMatchObject({ status: 'ready', user: { displayName: 'new name' } });
  });

  it('a mutation refetches the user only when it names the user, and settles after the other reads it names', async () => {
    const { cache, answers, advance } = setup();
    cache.sync(signedIn('u1'));
    answers[0]!(user('first'));
    await advance(0);
    let finishTeams = () => {};
    const teams = vi.fn().mockResolvedValueOnce(['t1']).mockReturnValueOnce(new Promise<string[]>((resolve) => (finishTeams = () => resolve(['t1', 't2']))));
    const read = cache.read({ key: 'teams', load: teams, signedOut: [] }, true)!;
    await read.promise;
    let settled = false;
    const teamsChanged = changed(withoutAnnounce(cache), ['teams']).then(() => (settled = true));
    await advance(300);
    expect(answers).toHaveLength(1);
    expect(teams).toHaveBeenCalledTimes(2);
    expect(settled).toBe(false);
    finishTeams();
    await teamsChanged;
    expect(read.peek()).toEqual(['t1', 't2']);
    const userChanged = changed(withoutAnnounce(cache), ['user']);
    await advance(0);
    expect(answers).toHaveLength(2);
    answers[1]!(user('renamed'));
    await userChanged;
    expect(cache.getSnapshot().user?.displayName).toBe('renamed');
  });

  it('signed out is null at once, without a request', () => {
    const { cache, answers } = setup();
    cache.sync(signedOut);
    expect(cache.getSnapshot()).toEqual({ status: 'ready', user: null, error: null });
    expect(answers).toHaveLength(0);
  });

  it('5 s after the last subscriber left, the next subscriber triggers a refetch while the last user stays shown', async () => {
    const { cache, answers, advance } = setup();
    cache.sync(signedIn('u1'));
    answers[0]!(user('first'));
    await advance(0);
    const leave = cache.subscribe(() => undefined);
    leave();
    await advance(CACHE_EVICT_AFTER_MS - 100);
    cache.subscribe(() => undefined)(); // back within 5 s: nothing refetched
    expect(answers).toHaveLength(1);
    await advance(CACHE_EVICT_AFTER_MS);
    cache.subscribe(() => undefined);
    expect(answers).toHaveLength(2);
    expect(cache.getSnapshot().user?.displayName).toBe('first');
    answers[1]!(user('second'));
    await advance(0);
    expect(cache.getSnapshot().user?.displayName).toBe('second');
  });

  it('fetchUser rejects on failure and keeps the last user in the snapshot', async () => {
    vi.useFakeTimers({ now: 0 });
    let fail = false;
    const cache = new UserCache(async () => {
      if (fail) throw new Error('offline');
      return user('kept');
    });
    cache.sync(signedIn('u1'));
    await cache.whenReady();
    fail = true;
    vi.setSystemTime(1_000); // past the throttle: the refetch starts at once
    await expect(cache.fetchUser()).rejects.toThrow('offline');
    expect(cache.getSnapshot()).toMatchObject({ user: { displayName: 'kept' }, error: { message: 'offline' } });
  });

  it('fail() ends the loading with the error for every reader (a setup error at start-up)', async () => {
    const cache = new UserCache(async () => user('never'));
    const ready = cache.whenReady();
    const error = new Error('set up for another project');
    cache.fail(error);
    await ready;
    expect(cache.getSnapshot()).toEqual({ status: 'ready', user: null, error });
  });
});

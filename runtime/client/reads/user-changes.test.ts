// A change of the signed-in user that the session host tells every tab (runtime/host/user-feed.ts), as one tab's
// user cache takes it: shown without a request, unless it is older than this tab's session or its last change.
import { describe, expect, it, vi } from 'vitest';
import type { SessionSnapshot, UserChangeData } from '../../bridge/messages.ts';
import type { CurrentUser } from '../user/current-user.ts';
import { changeReader, withAnnounce } from '../../../testing/runtime/client/user-change.ts';
import { changed } from './read-keys.ts';
import { UserCache } from './user-cache.ts';

const session = (userId: string | null, seq: number): SessionSnapshot => ({ status: userId ? 'signed-in' : 'signed-out', userId, network: 'online', seq });
const user = (id: string, displayName: string) => ({ id, displayName }) as unknown as CurrentUser;

/** A tab signed in as u1 (session seq 10) that has fetched its user; `fetches` answers the next fetches. */
async function signedInTab() {
  const fetches: ((u: CurrentUser | null) => void)[] = [];
  let answer = user('u1', 'fetched');
  const cache = new UserCache(
    () => (fetches.length === 0 ? Promise.resolve(answer) : new Promise((resolve) => fetches.push(resolve))),
    changeReader((body) => user('u1', String(body.display_name))),
  );
  cache.sync(session('u1', 10));
  await vi.waitFor(() => expect(cache.getSnapshot().status).toBe('ready'));
  fetches.push(() => undefined);
  const renders: string[] = [];
  cache.subscribe(() => renders.push(String(cache.getSnapshot().user?.displayName)));
  return { cache, renders, setAnswer: (next: CurrentUser) => (answer = next) };
}

const change = (over: Partial<UserChangeData>): UserChangeData => ({ seq: 10, userId: 'u1', version: 100, body: '{"display_name":"Ada L."}', ...over });

describe('a user change from the session host', () => {
  it('shows the user it carries, without a request, and fetches again the reads it names', async () => {
    const { cache, renders } = await signedInTab();
    const channels = vi.fn(async () => ['a@example.com']);
    const teams = vi.fn(async () => ['t1']);
    const read = (key: 'teams' | 'contact-channels', load: () => Promise<string[]>) => cache.read({ key, load, signedOut: [] }, true)!.promise;
    await Promise.all([read('contact-channels', channels), read('teams', teams)]);
    const refetch = vi.spyOn(cache, 'refetch');
    await cache.receive(change({ reads: ['user', 'contact-channels'] }));
    expect(cache.getSnapshot()).toMatchObject({ status: 'ready', user: { displayName: 'Ada L.' }, error: null });
    expect(renders).toEqual(['Ada L.']);
    expect(refetch).toHaveBeenCalledWith(['user', 'contact-channels']);
    expect(channels).toHaveBeenCalledTimes(2);
    expect(teams).toHaveBeenCalledTimes(1);
    expect(cache.version).toBe(100);
  });

  it('is ignored when malformed (it is checked with its schema)', async () => {
    const { cache, renders } = await signedInTab();
    await cache.receive({ ...change({}), version: 'latest' });
    await cache.receive({ seq: 10, userId: 'u1' });
    expect(renders).toEqual([]);
  });

  it('is ignored when it is older than the last change shown, or is the same one again (each render once)', async () => {
    const { cache, renders } = await signedInTab();
    await Promise.all([cache.receive(change({ version: 101, body: '{"display_name":"newer"}' })), cache.receive(change({ version: 101, body: '{"display_name":"newer"}' }))]);
    await cache.receive(change({ version: 100, body: '{"display_name":"older"}' }));
    expect(cache.getSnapshot().user?.displayName).toBe('newer');
    expect(renders).toEqual(['newer']);
  });

  it('is ignored when it belongs to an older session (its sequence number) or another user', async () => {
    const { cache, renders } = await signedInTab();
    await cache.receive(change({ seq: 9 }));
    await cache.receive(change({ userId: 'u2', version: 101 }));
    cache.sync(session(null, 11));
    await cache.receive(change({ seq: 10, version: 102 }));
    // Only the sign-out re-rendered.
    expect(renders).toEqual(['undefined']);
    expect(cache.getSnapshot().user).toBeNull();
  });

  it('wins over an answer of a fetch that was under way when it arrived (that answer may predate the change)', async () => {
    const { cache } = await signedInTab();
    const reloading = cache.reload();
    await cache.receive(change({}));
    // The fetch started before the change answers with the old user: not shown.
    await Promise.resolve();
    expect(cache.getSnapshot().user?.displayName).toBe('Ada L.');
    void reloading;
  });

  it('a catch-up shows the session and the user it missed in one batch: one notification', async () => {
    const { cache, renders } = await signedInTab();
    const sessionListener = vi.fn();
    let accepted = false;
    await cache.receive(change({}), () => {
      accepted = true;
      sessionListener();
    });
    expect(accepted).toBe(true);
    expect(renders).toEqual(['Ada L.']);
  });
});

describe('a write of this tab', () => {
  it('is announced to the session host; this tab shows the change the host answers, without fetching itself', async () => {
    const { cache } = await signedInTab();
    const { ctx, announced } = withAnnounce(cache, (reads) => change({ reads: [...reads] }));
    await changed(ctx, ['user']);
    expect(announced).toEqual([['user']]);
    expect(cache.getSnapshot().user?.displayName).toBe('Ada L.');
  });

  it('signed out meanwhile (the host answers null): this tab fetches on its own', async () => {
    const { cache } = await signedInTab();
    const reload = vi.spyOn(cache, 'reload').mockResolvedValue(undefined);
    const { ctx } = withAnnounce(cache, () => null);
    await changed(ctx, ['user']);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

// How every tab hears that the signed-in user changed: a changed /users/me answer, or a page's announcement of
// a write, goes out once with the session's sequence number; a waking tab catches up with one check at most.
import { describe, expect, it, vi } from 'vitest';
import { fakeAccessToken, makeHost, recordingBroadcaster } from '../../testing/runtime/host.ts';
import { USER_RECHECK_MS, UserFeed } from './user-feed.ts';

async function signedInFeed() {
  const { host } = makeHost();
  await host.establish({ refreshToken: 'rt', accessToken: fakeAccessToken('user-1', Date.now() + 600_000), userId: 'user-1' });
  const publisher = recordingBroadcaster();
  let now = 1_000_000;
  let body: string | null = '{"display_name":"Ada"}';
  const fetches: number[] = [];
  const feed = new UserFeed({
    host,
    publisher,
    now: () => now,
    fetchUser: async () => {
      fetches.push(now);
      return body;
    },
  });
  const own: unknown[] = [];
  feed.subscribe((change) => own.push(change));
  return { host, feed, publisher, own, fetches, setBody: (next: string | null) => (body = next), advance: (ms: number) => (now += ms) };
}

describe('UserFeed', () => {
  it('sends a changed /users/me answer to every tab with the session sequence number; the first and an unchanged one go nowhere', async () => {
    const { host, feed, publisher, own } = await signedInFeed();
    feed.seen('user-1', '{"display_name":"Ada"}');
    feed.seen('user-1', '{"display_name":"Ada"}');
    expect(publisher.users).toEqual([]);
    feed.seen('user-1', '{"display_name":"Ada L."}');
    expect(publisher.users).toEqual([{ seq: host.snapshot.seq, userId: 'user-1', version: expect.any(Number), body: '{"display_name":"Ada L."}' }]);
    expect(own).toEqual(publisher.users);
    // Another user's first answer (a switch) is what every tab fetches on the session change.
    feed.seen('user-2', '{"display_name":"Grace"}');
    expect(publisher.users).toHaveLength(1);
  });

  it('an announced write asks for the user once and tells every tab the user and the reads in one change', async () => {
    const { feed, publisher, fetches, setBody } = await signedInFeed();
    feed.seen('user-1', '{"display_name":"Ada"}');
    setBody('{"display_name":"Ada L."}');
    const change = await feed.announce(['user', 'contact-channels']);
    expect(fetches).toHaveLength(1);
    expect(change).toMatchObject({ userId: 'user-1', body: '{"display_name":"Ada L."}', reads: ['user', 'contact-channels'] });
    expect(publisher.users).toEqual([change]);
    // A write that changed no read of the user itself: no request, the reads only.
    expect(await feed.announce(['teams'])).toEqual(expect.not.objectContaining({ body: expect.anything() }));
    expect(fetches).toHaveLength(1);
    expect(publisher.users.at(-1)?.reads).toEqual(['teams']);
  });

  it('versions grow, also across a restart of the host (they follow the clock)', async () => {
    const { feed } = await signedInFeed();
    feed.seen('user-1', 'a');
    const first = await feed.announce(['teams']);
    const second = await feed.announce(['teams']);
    expect(second!.version).toBeGreaterThan(first!.version);
    expect(first!.version).toBeGreaterThanOrEqual(1_000_000);
  });

  it('announces nothing while signed out', async () => {
    const { host, feed, publisher } = await signedInFeed();
    await host.wipe();
    expect(await feed.announce(['user'])).toBeNull();
    expect(feed.catchUp(-1)).toBeNull();
    expect(publisher.users).toEqual([]);
  });

  it('a waking tab gets what it missed without a request; the user is asked again at most once per window for all tabs', async () => {
    const { feed, fetches, setBody, advance } = await signedInFeed();
    feed.seen('user-1', '{"display_name":"Ada"}');
    setBody('{"display_name":"Ada L."}');
    const change = await feed.announce(['user', 'contact-channels']);
    const before = fetches.length;
    // Within the window: no request, whatever the number of tabs.
    expect(feed.catchUp(change!.version - 1)).toEqual({ seq: change!.seq, userId: 'user-1', version: change!.version, body: '{"display_name":"Ada L."}', reads: ['user', 'contact-channels'] });
    expect(feed.catchUp(change!.version)).toBeNull();
    expect(fetches).toHaveLength(before);
    // After it: one request for the first tab that wakes, none for the next.
    advance(USER_RECHECK_MS);
    feed.catchUp(change!.version);
    feed.catchUp(change!.version);
    expect(fetches).toHaveLength(before + 1);
  });

  it('a change made elsewhere found by the waking check goes to every tab', async () => {
    const { feed, publisher, setBody, advance } = await signedInFeed();
    feed.seen('user-1', '{"display_name":"Ada"}');
    setBody('{"display_name":"Changed on another device"}');
    advance(USER_RECHECK_MS);
    expect(feed.catchUp(0)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(publisher.users.map((change) => change.body)).toEqual(['{"display_name":"Changed on another device"}']);
  });

  it('a page-hosted tab told by another tab tells its own tab only', async () => {
    const { feed, publisher, own } = await signedInFeed();
    feed.seen('user-1', 'a');
    await feed.announce(['teams'], { broadcast: false });
    expect(publisher.users).toEqual([]);
    expect(own).toHaveLength(1);
  });
});

describe('the host follows the user answers it forwards', () => {
  it("a page's GET /users/me is the baseline, an edit's answer (PATCH /users/me) goes to every tab, no fetch of its own", async () => {
    const { createSessionHost } = await import('./create-session-host.ts');
    const { createRequestRouter } = await import('./request-router.ts');
    let name = 'Ada';
    const sent: string[] = [];
    const network: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      if (request.method === 'PATCH') name = ((await request.json()) as { display_name: string }).display_name;
      return Response.json({ id: 'user-1', display_name: name });
    };
    const publisher = recordingBroadcaster();
    const services = createSessionHost({ apiUrl: 'https://api.example', projectId: 'p', publishableClientKey: 'pck', persistence: 'memory', publish: publisher, fetch: network });
    await services.host.establish({ refreshToken: 'rt', accessToken: fakeAccessToken('user-1', Date.now() + 600_000), userId: 'user-1' });
    const route = createRequestRouter(services, { apiUrl: 'https://api.example', ownOrigin: 'https://app.example', fetch: network });
    await (await route(new Request('https://api.example/api/v1/users/me')))?.text();
    const patch = new Request('https://api.example/api/v1/users/me', { method: 'PATCH', body: '{"display_name":"Ada L."}', headers: { 'content-type': 'application/json' } });
    await (await route(patch))?.text();
    await vi.waitFor(() => expect(publisher.users).toHaveLength(1));
    expect(publisher.users[0]).toMatchObject({ userId: 'user-1', body: '{"id":"user-1","display_name":"Ada L."}' });
    expect(sent).toEqual(['GET /api/v1/users/me', 'PATCH /api/v1/users/me']);
  });
});

// How often forwardApiRequest reads an answer's body and builds a Response on its way to the page: at most once
// each (answer.ts), and the answer stays the bytes, status, statusText and headers the server sent. GETs outside
// /auth/ stream through; the offline cache reads its own copy (a tee) of /users/me and /projects/current.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPipeline } from '../http/pipeline.ts';
import { InflightGets } from './coalesce.ts';
import { forwardApiRequest } from './forward.ts';
import { OfflineReadCache } from './offline-read-cache.ts';
import { fakeAccessToken, makeHost } from '../../testing/runtime/host.ts';
import { countBodyReads } from '../../testing/runtime/body-reads.ts';

const API = 'http://api.test';

/** Counts `new Response(...)` in the code under test (instanceof still holds through the proxy). */
function countResponseConstructions(): { readonly count: number } {
  let count = 0;
  const Original = Response;
  vi.stubGlobal('Response', new Proxy(Original, { construct: (target, args, newTarget) => (count++, Reflect.construct(target, args, newTarget) as object) }));
  return {
    get count() {
      return count;
    },
  };
}

let cache = new OfflineReadCache();

async function forwarder(upstream: () => Response, gate: Promise<void> = Promise.resolve()) {
  const { host } = makeHost();
  await host.establish({ refreshToken: 'rt', accessToken: fakeAccessToken('user-1', Date.now() + 600_000), userId: 'user-1' });
  const fetch = async () => (await gate, upstream());
  const pipeline = createPipeline({ apiUrl: API, projectId: 'p', accessType: 'client', publishableClientKey: 'pck', sleep: async () => undefined, fetch });
  cache = new OfflineReadCache();
  const deps = { host, pipeline, inflight: new InflightGets(), offlineCache: cache };
  return (method: string, path: string) => forwardApiRequest(deps, { path, method, headers: {}, body: method === 'GET' ? null : '{}', withSession: true });
}

const HEAD = { status: 200, statusText: 'Fine', headers: { 'content-type': 'application/json', 'x-stack-request-id': 'r1' } };

describe("forwardApiRequest and the answer's body", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("streams the page's /users/me answer on and keeps a copy for offline use, read once and without token fields", async () => {
    const body = new TextEncoder().encode('{"id":"user-1","primary_email":"a@b.co","access_token":"at-leak"}');
    const upstream = new Response(body, HEAD);
    const forward = await forwarder(() => upstream);
    const reads = countBodyReads();
    const built = countResponseConstructions();
    const answer = await forward('GET', '/users/me');
    expect(built.count).toBe(1);
    vi.unstubAllGlobals();
    expect([answer.status, answer.statusText, answer.headers.get('x-stack-request-id')]).toEqual([200, 'Fine', 'r1']);
    // The copy is read off the request path, once (storedUser's own text() aside); the page's copy is the page's to read.
    await vi.waitFor(async () => expect(JSON.parse((await cache.storedUser('user-1', 100))?.body ?? 'null')).toEqual({ id: 'user-1', primary_email: 'a@b.co' }));
    expect(reads.calls.filter((name) => name !== 'text')).toEqual(['arrayBuffer']);
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(body);
  });

  it('keeps one copy of a GET shared by several callers, from their one read', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const forward = await forwarder(() => new Response('{"id":"user-1"}', HEAD), gate);
    const reads = countBodyReads();
    const answers = [forward('GET', '/users/me'), forward('GET', '/users/me'), forward('GET', '/users/me')];
    release();
    for (const answer of await Promise.all(answers)) expect(await answer.json()).toEqual({ id: 'user-1' });
    await vi.waitFor(async () => expect(await cache.storedUser('user-1', 100)).not.toBeNull());
    expect(reads.calls.filter((name) => name === 'arrayBuffer')).toHaveLength(1);
  });

  it('streams a GET that no step needs to read through unread, as the server sent it', async () => {
    const forward = await forwarder(() => new Response('{"items":[],"access_token":"not ours to judge"}', HEAD));
    const reads = countBodyReads();
    const answer = await forward('GET', '/teams?user_id=me');
    expect(reads.count).toBe(0);
    expect([answer.status, answer.statusText, answer.headers.get('x-stack-request-id')]).toEqual([200, 'Fine', 'r1']);
    vi.restoreAllMocks();
    expect(await answer.text()).toBe('{"items":[],"access_token":"not ours to judge"}');
  });

  it.each([
    ['GET', '/auth/sessions?user_id=me'],
    ['POST', '/users/me/anything'],
  ])('still removes token fields from the answers it reads (%s %s), keeping their status and headers', async (method, path) => {
    const forward = await forwarder(() => new Response('{"id":"user-1","refresh_token":"rt-leak","access_token":"at-leak"}', HEAD));
    const answer = await forward(method, path);
    expect(await answer.json()).toEqual({ id: 'user-1' });
    expect([answer.status, answer.statusText, answer.headers.get('x-stack-request-id')]).toEqual([200, 'Fine', 'r1']);
  });
});

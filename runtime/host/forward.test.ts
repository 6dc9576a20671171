// Which forwarded requests carry the refresh token: the shared forward path of the
// service worker's fetch route and of the Comlink apiRequest (the page-hosted modes use the latter).
import { describe, expect, it, vi } from 'vitest';
import { createPipeline } from '../http/pipeline.ts';
import { createWorkerApi } from './api.ts';
import { InflightGets } from './coalesce.ts';
import { forwardApiRequest } from './forward.ts';
import { failureResponse } from './responses.ts';
import { KnownError } from '../protocol/errors/base.ts';
import { OAuthLinkGate } from './oauth-link.ts';
import { FROM_CACHE_HEADER, OfflineReadCache } from './offline-read-cache.ts';
import { SignOutService } from './sign-out.ts';
import { fakeAccessToken, makeHost, memoryRecords, sealedStore, quietUserFeed } from '../../testing/runtime/host.ts';
import { MemoryVault } from './vault.ts';

const API = 'http://api.test';
const REFRESH_TOKEN = 'rt-of-this-session';

async function setup() {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    return Response.json({ success: true });
  };
  const pipeline = createPipeline({ apiUrl: API, projectId: 'p', accessType: 'client', publishableClientKey: 'pck', sleep: async () => undefined, fetch });
  const { host, vault } = makeHost();
  await host.establish({ refreshToken: REFRESH_TOKEN, accessToken: fakeAccessToken('user-1', Date.now() + 600_000), userId: 'user-1' });
  const deps = { host, pipeline, inflight: new InflightGets(), offlineCache: new OfflineReadCache() };
  const signOut = new SignOutService(host, pipeline, vault);
  const api = createWorkerApi({
    ...deps,
    options: { exposeAccessToken: false },
    signOut,
    tokenEndpoint: { apiUrl: API, projectId: 'p', publishableClientKey: 'pck', fetch },
    oauthLinks: new OAuthLinkGate({ apiUrl: API, trampolineBase: null }),
    userFeed: quietUserFeed(host),
  });
  const sentRefreshToken = () => requests.at(-1)?.headers.get('x-stack-refresh-token') ?? null;
  return { deps, api, host, requests, sentRefreshToken, signOut };
}

describe('forwardApiRequest and the refresh token', () => {
  it('attaches it to POST /auth/password/update, which keeps only the session it names', async () => {
    const { deps, sentRefreshToken, requests } = await setup();
    const body = JSON.stringify({ old_password: 'a', new_password: 'b' });
    await forwardApiRequest(deps, { path: '/auth/password/update', method: 'POST', headers: {}, body, withSession: true });
    expect(sentRefreshToken()).toBe(REFRESH_TOKEN);
    expect(requests.at(-1)?.headers.get('x-stack-access-token')).toMatch(/\./);
  });

  it.each([
    ['POST', '/auth/password/set'],
    ['PATCH', '/users/me'],
    ['GET', '/users/me'],
    ['GET', '/auth/sessions/current'],
    ['POST', '/auth/password/update/x'],
    ['POST', '/auth/password/%75pdate'],
    ['POST', '/auth/x/../password/update'],
  ])('leaves it off %s %s', async (method, path) => {
    const { deps, sentRefreshToken, requests } = await setup();
    await forwardApiRequest(deps, { path, method, headers: {}, body: method === 'GET' ? null : '{}', withSession: true });
    expect(requests).toHaveLength(1);
    expect(sentRefreshToken()).toBeNull();
  });

  it('strips a refresh token header the page sent itself, on any endpoint', async () => {
    const { api, sentRefreshToken } = await setup();
    const forged = { 'x-stack-refresh-token': 'forged', 'content-type': 'application/json' };
    await api.apiRequest({ path: '/users/me', method: 'PATCH', headers: forged, body: '{}' });
    expect(sentRefreshToken()).toBeNull();
    await api.apiRequest({ path: '/auth/password/update', method: 'POST', headers: forged, body: '{}' });
    expect(sentRefreshToken()).toBe(REFRESH_TOKEN);
  });

  it('sends no token at all for a request without the session', async () => {
    const { deps, sentRefreshToken, requests } = await setup();
    await forwardApiRequest(deps, { path: '/auth/password/update', method: 'POST', headers: {}, body: '{}', withSession: false });
    expect(sentRefreshToken()).toBeNull();
    expect(requests.at(-1)?.headers.get('x-stack-access-token')).toBeNull();
  });
});

describe('apiRequest (page-hosted modes and uncontrolled pages)', () => {
  it('sends the refresh token with a password update, as the fetch route does', async () => {
    const { api, sentRefreshToken } = await setup();
    const result = await api.apiRequest({ path: '/auth/password/update', method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(result.ok).toBe(true);
    expect(sentRefreshToken()).toBe(REFRESH_TOKEN);
  });

  it('answers DELETE /auth/sessions/current with a full sign-out, as the fetch route does', async () => {
    const { api, host, requests, signOut } = await setup();
    const result = await api.apiRequest({ path: '/auth/sessions/current', method: 'DELETE' });
    expect(result).toMatchObject({ ok: true, value: { status: 200, body: '{"success":true}' } });
    expect(host.snapshot.status).toBe('signed-out');
    // The revoke goes out in the background (SignOutService.signOut); flush() joins it.
    await signOut.flush();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('DELETE');
    expect(requests[0]?.headers.get('x-stack-refresh-token')).toBe(REFRESH_TOKEN);
  });
});

describe('offline answers across a worker restart', () => {
  /** One worker lifetime over shared storage: the vault and the sealed records outlive it. */
  async function worker(storage: { vault: MemoryVault; records: ReturnType<typeof memoryRecords> }, network: { online: boolean }) {
    const fetch = async (input: RequestInfo | URL) => {
      if (!network.online) throw new TypeError('Failed to fetch');
      const url = String(input);
      if (url.endsWith('/auth/sessions/current/refresh')) return Response.json({ access_token: fakeAccessToken('user-1', Date.now() + 600_000) });
      return Response.json(url.endsWith('/users/me') ? { id: 'user-1', primary_email: 'one@example.com' } : { id: 'p' });
    };
    const pipeline = createPipeline({ apiUrl: API, projectId: 'p', accessType: 'client', publishableClientKey: 'pck', sleep: async () => undefined, fetch, isOnline: () => network.online });
    const { host } = makeHost({ vault: storage.vault });
    const deps = { host, pipeline, inflight: new InflightGets(), offlineCache: new OfflineReadCache({ sealed: sealedStore(storage.records) }) };
    const get = (path: string) => forwardApiRequest(deps, { path, method: 'GET', headers: {}, body: null, withSession: path === '/users/me' });
    return { host, get };
  }

  it('serve the signed-in user and the project from storage when the network is down', async () => {
    const storage = { vault: new MemoryVault(), records: memoryRecords() };
    const network = { online: true };
    const first = await worker(storage, network);
    await first.host.establish({ refreshToken: 'rt-1', accessToken: fakeAccessToken('user-1', Date.now() + 600_000), userId: 'user-1' });
    expect((await first.get('/users/me')).status).toBe(200);
    expect((await first.get('/projects/current')).status).toBe(200);
    await vi.waitFor(() => expect([...storage.records.entries.keys()].filter((key) => key.startsWith('offline/'))).toHaveLength(2));

    network.online = false;
    const restarted = await worker(storage, network);
    const me = await restarted.get('/users/me');
    expect(me.headers.get(FROM_CACHE_HEADER)).toBe('1');
    expect(await me.json()).toMatchObject({ primary_email: 'one@example.com' });
    expect(restarted.host.snapshot).toMatchObject({ status: 'signed-in', network: 'offline' });
    expect(await (await restarted.get('/projects/current')).json()).toEqual({ id: 'p' });
  });

  it("keep no /users/me answer that arrives after its user signed out", async () => {
    const { deps, host } = await setup();
    let answer: (response: Response) => void = () => undefined;
    const slow = { ...deps, pipeline: { ...deps.pipeline, send: () => new Promise<Response>((resolve) => (answer = resolve)) } };
    const pending = forwardApiRequest(slow, { path: '/users/me', method: 'GET', headers: {}, body: null, withSession: true });
    await vi.waitFor(() => expect(host.snapshot.status).toBe('signed-in'));
    await host.wipe();
    await host.establish({ refreshToken: 'rt-2', accessToken: fakeAccessToken('user-2', Date.now() + 600_000), userId: 'user-2' });
    answer(Response.json({ id: 'user-1' }));
    expect((await pending).status).toBe(200);
    expect(await deps.offlineCache.recall('/users/me', 'user-2')).toBeNull();
    expect(await deps.offlineCache.recall('/users/me', 'user-1')).toBeNull();
  });
});

describe('forwardApiRequest and redirects', () => {
  it('answers a redirected request with the worker\'s typed 502, after one request that asked for manual', async () => {
    const { host } = makeHost();
    await host.establish({ refreshToken: REFRESH_TOKEN, accessToken: fakeAccessToken('user-1', Date.now() + 600_000), userId: 'user-1' });
    const requests: Request[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(input, init));
      return new Response(null, { status: 308, headers: { location: 'http://foreign.test/' } });
    };
    const pipeline = createPipeline({ apiUrl: API, projectId: 'p', accessType: 'client', publishableClientKey: 'pck', sleep: async () => undefined, fetch });
    const answer = await forwardApiRequest({ host, pipeline, inflight: new InflightGets(), offlineCache: new OfflineReadCache() }, { path: '/users/me', method: 'GET', headers: {}, body: null, withSession: true });
    expect(answer.status).toBe(502);
    expect(answer.headers.get('x-authworker-error')).toBe('redirect');
    expect(requests.map((r) => r.redirect)).toEqual(['manual']);
  });
});

describe('forwardApiRequest and server errors', () => {
  async function answeredWith(upstream: () => Response) {
    const { host } = makeHost();
    const pipeline = createPipeline({ apiUrl: API, projectId: 'p', accessType: 'client', publishableClientKey: 'pck', sleep: async () => undefined, fetch: async () => upstream() });
    return forwardApiRequest({ host, pipeline, inflight: new InflightGets(), offlineCache: new OfflineReadCache() }, { path: '/projects/current', method: 'POST', headers: {}, body: null, withSession: false });
  }

  it("replaces a 500's text with a generic message that names the request id", async () => {
    const answer = await answeredWith(() => new Response('TypeError: cannot read x at /srv/app/db.ts:12 (postgres://admin:pw@db)', { status: 500, headers: { 'x-stack-request-id': 'req-42' } }));
    expect(answer.status).toBe(500);
    const text = await answer.text();
    expect(text).not.toContain('postgres');
    expect(text).not.toContain('TypeError');
    expect(JSON.parse(text)).toEqual({ code: 'AUTHWORKER_SERVER_ERROR', error: 'Server error 500, request id req-42.', request_id: 'req-42' });
    expect(answer.headers.get('x-stack-request-id')).toBe('req-42');
  });

  it('says so without an id when the server sends none', async () => {
    const answer = await answeredWith(() => new Response('<html>Bad gateway from nginx/1.2</html>', { status: 502 }));
    expect(await answer.json()).toEqual({ code: 'AUTHWORKER_SERVER_ERROR', error: 'Server error 502.' });
  });

  it('passes a known error (its shape is the contract) and a 4xx through as they are', async () => {
    const known = JSON.stringify({ code: 'PROJECT_NOT_FOUND', error: 'Project not found.' });
    const answer = await answeredWith(() => new Response(known, { status: 500, headers: { 'x-stack-known-error': 'PROJECT_NOT_FOUND' } }));
    expect(await answer.text()).toBe(known);
    expect(await (await answeredWith(() => new Response('bad input', { status: 400 }))).text()).toBe('bad input');
  });

  it('never quotes a server answer from a failure inside the worker, and keeps a known error typed', async () => {
    const { host } = makeHost();
    const internal = failureResponse(host, new Error('Failed to send refresh token request: 500 stack trace with secrets'));
    expect(await internal.text()).not.toContain('secrets');
    const known = failureResponse(host, new KnownError('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED', 401, 'Refresh token not found.'));
    expect(known.status).toBe(401);
    expect(known.headers.get('x-stack-known-error')).toBe('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    expect(await known.json()).toMatchObject({ code: 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED', error: 'Refresh token not found.' });
  });
});

describe('a user deleted on the server', () => {
  const noUser = () =>
    Response.json({ code: 'CANNOT_GET_OWN_USER_WITHOUT_USER', error: "You have specified 'me' as a userId, but did not provide authentication for a user." }, { status: 400, headers: { 'x-stack-known-error': 'CANNOT_GET_OWN_USER_WITHOUT_USER' } });

  async function signedInHost(refresh: (rt: string) => Promise<string | null>, answers: (() => Response)[]) {
    const vault = new MemoryVault();
    const { host, broadcaster } = makeHost({ vault, refresh });
    await host.establish({ refreshToken: REFRESH_TOKEN, accessToken: fakeAccessToken('user-1', Date.now() + 600_000), userId: 'user-1' });
    const sent: Request[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Request(input, init));
      return (answers[sent.length - 1] ?? (() => Response.json({ id: 'user-1' })))();
    };
    const pipeline = createPipeline({ apiUrl: API, projectId: 'p', accessType: 'client', publishableClientKey: 'pck', sleep: async () => undefined, fetch });
    const deps = { host, pipeline, inflight: new InflightGets(), offlineCache: new OfflineReadCache() };
    const getMe = () => forwardApiRequest(deps, { path: '/users/me', method: 'GET', headers: {}, body: null, withSession: true });
    return { host, vault, broadcaster, sent, getMe };
  }

  it('refreshes once and, when the refresh is refused, signs out everywhere (memory, storage, broadcast)', async () => {
    let refreshes = 0;
    const { host, vault, broadcaster, sent, getMe } = await signedInHost(async () => {
      refreshes++;
      return null;
    }, [noUser]);
    const answer = await getMe();
    expect(answer.headers.get('x-stack-known-error')).toBe('CANNOT_GET_OWN_USER_WITHOUT_USER');
    expect(refreshes).toBe(1);
    expect(sent).toHaveLength(1);
    expect(host.snapshot).toMatchObject({ status: 'signed-out', userId: null });
    expect(host.session).toBeNull();
    expect(await vault.load()).toBeNull();
    expect(broadcaster.posted.at(-1)).toMatchObject({ status: 'signed-out' });
  });

  it('keeps the session and retries the call once when the refresh still works', async () => {
    let refreshes = 0;
    const { host, sent, getMe } = await signedInHost(async () => {
      refreshes++;
      return fakeAccessToken('user-1', Date.now() + 600_000);
    }, [noUser]);
    const answer = await getMe();
    expect(await answer.json()).toEqual({ id: 'user-1' });
    expect(refreshes).toBe(1);
    expect(sent).toHaveLength(2);
    expect(host.snapshot).toMatchObject({ status: 'signed-in', userId: 'user-1' });
  });

  it('does not treat a signed-out call or another error as a session check', async () => {
    let refreshes = 0;
    const { host, getMe } = await signedInHost(async () => {
      refreshes++;
      return null;
    }, [() => Response.json({ code: 'SCHEMA_ERROR', error: 'x' }, { status: 400, headers: { 'x-stack-known-error': 'SCHEMA_ERROR' } })]);
    await getMe();
    expect(refreshes).toBe(0);
    expect(host.snapshot.status).toBe('signed-in');
  });
});

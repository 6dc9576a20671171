import { describe, expect, it } from 'vitest';
import { createPipeline } from '../http/pipeline.ts';
import { revokeEnded, SignOutService } from './sign-out.ts';
import { fakeAccessToken, makeHost } from '../../testing/runtime/host.ts';
import type { TokenVault } from './vault.ts';

const API = 'http://api.test';

/** A clock the test moves. */
function testClock() {
  const clock = { t: 1_700_000_000_000, now: () => clock.t, random: () => 0.5 };
  return clock;
}

async function queuedTokens(vault: TokenVault): Promise<string[]> {
  return vault.loadPendingRevokes();
}

function pipelineWith(fetchImpl: typeof fetch) {
  return createPipeline({ apiUrl: API, projectId: 'p', accessType: 'client', publishableClientKey: 'pck', fetch: fetchImpl, sleep: async () => undefined, isOnline: () => false });
}

describe('SignOutService', () => {
  it('wipes memory, storage and every tab at once even offline, and queues the revoke', async () => {
    const { host, vault, broadcaster } = makeHost();
    await host.establish({ refreshToken: 'rt-off', accessToken: fakeAccessToken('u', Date.now() + 600_000), userId: 'u' });
    let online = false;
    const sent: Request[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      if (!online) throw new TypeError('Failed to fetch');
      sent.push(new Request(input, init));
      return new Response('{"success":true}', { headers: { 'content-type': 'application/json' } });
    };
    const clock = testClock();
    const service = new SignOutService(host, pipelineWith(fetchImpl), vault, 15_000, clock);

    await service.signOut();
    expect(host.snapshot.status).toBe('signed-out');
    expect(host.session).toBeNull();
    expect(await vault.load()).toBeNull();
    expect(broadcaster.posted.at(-1)?.status).toBe('signed-out');
    expect(await queuedTokens(vault)).toEqual(['rt-off']);

    // The background attempt ends offline; a restarted worker (a new service on the same vault) sends the queued revoke once it is due.
    await service.flush();
    expect(await queuedTokens(vault)).toEqual(['rt-off']);
    online = true;
    clock.t += 2_000;
    const restarted = new SignOutService(host, pipelineWith(fetchImpl), vault, 15_000, clock);
    await restarted.flush();
    expect(await vault.loadPendingRevokes()).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('DELETE');
    expect(new URL(sent[0]?.url ?? '').pathname).toBe('/api/v1/auth/sessions/current');
    expect(sent[0]?.headers.get('x-stack-refresh-token')).toBe('rt-off');
    expect(sent[0]?.headers.get('x-stack-access-token')).toBeNull();
  });

  it('treats an unknown refresh token as already revoked', async () => {
    const { host, vault } = makeHost();
    await host.establish({ refreshToken: 'rt-gone', accessToken: fakeAccessToken('u', Date.now() + 600_000), userId: 'u' });
    const service = new SignOutService(
      host,
      pipelineWith(async () =>
        new Response(JSON.stringify({ code: 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED', error: 'gone' }), {
          status: 401,
          headers: { 'content-type': 'application/json', 'x-stack-known-error': 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED' },
        }),
      ),
      vault,
    );
    await service.signOut();
    await service.flush();
    expect((await vault.loadPendingRevokes()).length).toBe(0);
  });

  it('signs out at once while the API hangs; the bounded revoke stays queued and goes out once the API answers', async () => {
    const { host, vault, broadcaster } = makeHost();
    await host.establish({ refreshToken: 'rt-hang', accessToken: fakeAccessToken('u', Date.now() + 600_000), userId: 'u' });
    let apiUp = false;
    const sent: Request[] = [];
    // A request that hangs until aborted, as a real fetch does.
    const fetchImpl: typeof fetch = (input, init) => {
      if (apiUp) {
        sent.push(new Request(input, init));
        return Promise.resolve(Response.json({ success: true }));
      }
      return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    };
    const pipeline = createPipeline({ apiUrl: API, projectId: 'p', accessType: 'client', publishableClientKey: 'pck', fetch: fetchImpl, isOnline: () => true });
    const clock = testClock();
    const service = new SignOutService(host, pipeline, vault, 50, clock);

    const snapshot = await service.signOut();
    expect(snapshot).toMatchObject({ status: 'signed-out', userId: null });
    expect(broadcaster.posted.at(-1)?.status).toBe('signed-out');
    expect(await queuedTokens(vault)).toEqual(['rt-hang']);
    // The run in flight ends at its deadline with the token still queued.
    await service.flush();
    expect(await queuedTokens(vault)).toEqual(['rt-hang']);

    apiUp = true;
    clock.t += 2_000;
    await service.flush();
    expect((await vault.loadPendingRevokes()).length).toBe(0);
    expect(sent.map((request) => request.headers.get('x-stack-refresh-token'))).toEqual(['rt-hang']);
  });

  it('runs one flush at a time: calls during a run join it, and a revoke queued meanwhile goes out in that run', async () => {
    const { host, vault } = makeHost();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      sent.push(request.headers.get('x-stack-refresh-token') ?? '');
      await gate;
      return Response.json({ success: true });
    };
    const service = new SignOutService(host, pipelineWith(fetchImpl), vault);
    await host.establish({ refreshToken: 'rt-1', accessToken: fakeAccessToken('u', Date.now() + 600_000), userId: 'u' });
    await service.signOut();
    const joined = service.flush();
    await host.establish({ refreshToken: 'rt-2', accessToken: fakeAccessToken('u', Date.now() + 600_000), userId: 'u' });
    await service.signOut();
    expect(service.flush()).toBe(joined);
    release();
    await joined;
    expect(sent).toEqual(['rt-1', 'rt-2']);
    expect((await vault.loadPendingRevokes()).length).toBe(0);
  });

  it('deletes the user with the session, then ends it everywhere without a revoke; a refused deletion keeps it', async () => {
    const { host, vault, broadcaster } = makeHost();
    await host.establish({ refreshToken: 'rt-del', accessToken: fakeAccessToken('u', Date.now() + 600_000), userId: 'u' });
    const sent: Request[] = [];
    let allowed = false;
    const fetchImpl: typeof fetch = async (input, init) => {
      sent.push(new Request(input, init));
      if (allowed) return Response.json({ success: true });
      return Response.json({ code: 'USER_AUTHENTICATION_REQUIRED', error: 'no' }, { status: 401, headers: { 'x-stack-known-error': 'USER_AUTHENTICATION_REQUIRED' } });
    };
    const service = new SignOutService(host, pipelineWith(fetchImpl), vault);
    const forgotten: string[] = [];
    service.alsoForget(async () => forgotten.push('offline answers'));

    await expect(service.deleteUser()).rejects.toMatchObject({ code: 'USER_AUTHENTICATION_REQUIRED' });
    expect(host.snapshot.status).toBe('signed-in');
    expect(forgotten).toEqual([]);

    allowed = true;
    const snapshot = await service.deleteUser();
    expect(snapshot).toEqual(host.snapshot);
    expect(snapshot).toMatchObject({ status: 'signed-out', userId: null });
    expect(broadcaster.posted.at(-1)).toEqual(snapshot);
    expect(await vault.load()).toBeNull();
    expect(forgotten).toEqual(['offline answers']);
    expect(sent.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual(['DELETE /api/v1/users/me', 'DELETE /api/v1/users/me']);
    expect(sent[1]?.headers.get('x-stack-access-token')).toBeTruthy();
    expect((await vault.loadPendingRevokes()).length).toBe(0);
  });

  it.each([500, 502, 503])('keeps a revoke answered %i queued with backoff, and ends it once the API answers 2xx', async (status) => {
    const { host, vault } = makeHost();
    await host.establish({ refreshToken: 'rt-5xx', accessToken: fakeAccessToken('u', Date.now() + 600_000), userId: 'u' });
    let answer = status;
    const sent: number[] = [];
    const fetchImpl: typeof fetch = async () => {
      sent.push(answer);
      return answer === 200 ? Response.json({ success: true }) : new Response('<html>Bad gateway</html>', { status: answer, headers: { 'retry-after': '0' } });
    };
    const clock = testClock();
    const service = new SignOutService(host, pipelineWith(fetchImpl), vault, 15_000, clock);
    await service.signOut();
    await service.flush();
    expect(await queuedTokens(vault)).toEqual(['rt-5xx']);

    // Not due yet: a page's call in between sends nothing; then 4 s to the next try.
    const before = sent.length;
    await service.flush();
    expect(sent.length).toBe(before);
    clock.t += 2_000;
    await service.flush();
    expect(sent.length).toBe(before + 1);
    clock.t += 3_999;
    await service.flush();
    expect(sent.length).toBe(before + 1);

    answer = 200;
    clock.t += 1;
    await service.flush();
    expect(sent.at(-1)).toBe(200);
    expect(await vault.loadPendingRevokes()).toEqual([]);
  });

  it('keeps the queue across a worker restart: the new worker tries at its first flush', async () => {
    const { host, vault } = makeHost();
    await host.establish({ refreshToken: 'rt-restart', accessToken: fakeAccessToken('u', Date.now() + 600_000), userId: 'u' });
    let up = false;
    const fetchImpl: typeof fetch = async () => (up ? Response.json({ success: true }) : new Response('', { status: 502 }));
    const service = new SignOutService(host, pipelineWith(fetchImpl), vault, 15_000, testClock());
    await service.signOut();
    await service.flush();
    expect(await queuedTokens(vault)).toEqual(['rt-restart']);
    up = true;
    await new SignOutService(host, pipelineWith(fetchImpl), vault, 15_000, testClock()).flush();
    expect(await vault.loadPendingRevokes()).toEqual([]);
  });

  it.each([
    ['a key the API refuses', 401, 'INVALID_PUBLISHABLE_CLIENT_KEY'],
    ['a schema error', 400, 'SCHEMA_ERROR'],
    ['a 4xx with no code (a proxy page)', 403, null],
    ['a 429 (after the pipeline\'s own retries)', 429, null],
  ])('keeps a revoke queued on %s: only a dead-token answer ends it', async (_name, status, code) => {
    const { host, vault } = makeHost();
    await host.establish({ refreshToken: 'rt-4xx', accessToken: fakeAccessToken('u', Date.now() + 600_000), userId: 'u' });
    const headers: Record<string, string> = code ? { 'x-stack-known-error': code } : {};
    const service = new SignOutService(host, pipelineWith(async () => Response.json({ code, error: 'no' }, { status, headers })), vault, 15_000, testClock());
    await service.signOut();
    await service.flush();
    expect(await queuedTokens(vault)).toEqual(['rt-4xx']);
  });

  it('ends a revoke only on a 2xx or a dead-token 4xx', () => {
    const dead = (status: number, code: string) => new Response('{}', { status, headers: { 'x-stack-known-error': code } });
    expect(revokeEnded(new Response('{}', { status: 200 }))).toBe(true);
    expect(revokeEnded(dead(401, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED'))).toBe(true);
    expect(revokeEnded(dead(400, 'REFRESH_TOKEN_ERROR'))).toBe(true);
    expect(revokeEnded(dead(500, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED'))).toBe(false);
    expect(revokeEnded(dead(401, 'INVALID_PUBLISHABLE_CLIENT_KEY'))).toBe(false);
    expect(revokeEnded(new Response('', { status: 502 }))).toBe(false);
  });
});

// The session core and the pipeline together, as the service worker wires them.
import { describe, expect, it, vi } from 'vitest';
import { createPipeline } from '../http/pipeline.ts';
import { fakeClock, fakeFetch, instantSleep, knownErrorResponse, tokenExpiringIn } from '../../testing/runtime/http.ts';
import { TokenSession } from './token-session.ts';

const API = 'https://api.example.com';

function expiredResponse(): Response {
  return knownErrorResponse('ACCESS_TOKEN_EXPIRED', { expired_at_millis: 0 });
}

describe('TokenSession behind the pipeline', () => {
  it('an invalid-access-token answer causes exactly one refresh, then success', async () => {
    const clock = fakeClock();
    const { sleep, delays } = instantSleep(clock);
    // The server already considers this token revoked although its exp says otherwise.
    const revoked = tokenExpiringIn(clock.now(), 300_000, 'revoked');
    const fresh = tokenExpiringIn(clock.now(), 600_000, 'fresh');
    const refreshAccessToken = vi.fn(async () => fresh);
    const session = new TokenSession({ refreshToken: 'rt-1', accessToken: revoked, refreshAccessToken, now: clock.now });
    const { fetch, calls } = fakeFetch((call) =>
      call.headers.get('x-stack-access-token') === revoked ? expiredResponse() : Response.json({ id: 'u1' }),
    );
    const pipeline = createPipeline({ apiUrl: API, projectId: 'p', accessType: 'client', fetch, now: clock.now, sleep, random: () => 0.5 });

    const user = await pipeline.sendJson({ path: '/users/me', session }, { parse: (d) => d as { id: string } });
    expect(user).toEqual({ id: 'u1' });
    expect(refreshAccessToken).toHaveBeenCalledExactlyOnceWith('rt-1');
    expect(calls.map((c) => c.headers.get('x-stack-access-token'))).toEqual([revoked, fresh]);
    // No backoff: the retry waits on the single-flight refresh instead.
    expect(delays).toEqual([]);
  });

  it('concurrent requests over an expiring token share one refresh', async () => {
    const clock = fakeClock();
    const refreshAccessToken = vi.fn(async () => tokenExpiringIn(clock.now(), 600_000, 'fresh'));
    const session = new TokenSession({
      refreshToken: 'rt-1',
      accessToken: tokenExpiringIn(clock.now(), 5_000),
      refreshAccessToken,
      now: clock.now,
    });
    const { fetch } = fakeFetch(() => new Response('ok'));
    const pipeline = createPipeline({ apiUrl: API, projectId: 'p', accessType: 'client', fetch, now: clock.now });
    await Promise.all(Array.from({ length: 20 }, (_, i) => pipeline.send({ path: `/r${i}`, session })));
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
  });

  it('a rejected refresh token sends the request anonymously and leaves the session invalid', async () => {
    const clock = fakeClock();
    const session = new TokenSession({ refreshToken: 'rt-1', refreshAccessToken: async () => null, now: clock.now });
    const { fetch, calls } = fakeFetch(() => new Response('ok'));
    const pipeline = createPipeline({ apiUrl: API, projectId: 'p', accessType: 'client', fetch, now: clock.now });
    await pipeline.send({ path: '/projects/current', session });
    expect(calls[0]?.headers.has('x-stack-access-token')).toBe(false);
    expect(session.isKnownInvalid).toBe(true);
  });
});

// The pipeline's retry rules: network failures, invalid access token, 429, 508, exhaustion.
import { describe, expect, it, vi } from 'vitest';
import { KnownError } from '../protocol/errors/index.ts';
import { HttpError, NetworkError, OfflineError } from './errors.ts';
import { createPipeline, type SessionLike } from './pipeline.ts';
import {
  TEST_API as API,
  fakeClock,
  fakeFetch,
  fakeSession,
  flushMicrotasks,
  knownErrorResponse,
  manualSleep,
  networkDown,
  overriddenResponse,
  setupPipeline,
} from '../../testing/runtime/http.ts';

describe('network failures', () => {
  it('retries an idempotent request with (random + 0.5) * 1000 * 2^i delays', async () => {
    const { pipeline, calls, delays } = setupPipeline((_c, i) => (i < 2 ? Promise.reject(new TypeError('down')) : new Response('ok')));
    const response = await pipeline.send({ path: '/users/me', method: 'PUT', body: 'x' });
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(3);
    expect(delays).toEqual([1000, 2000]);
  });

  it('uses the injected random source for the jitter', async () => {
    const { pipeline, delays } = setupPipeline((_c, i) => (i < 2 ? Promise.reject(new TypeError('down')) : new Response('ok')), {
      random: () => 0,
    });
    await pipeline.send({ path: '/x' });
    expect(delays).toEqual([500, 1000]);
  });

  it.each(['POST', 'PATCH'])('does not retry %s: NetworkError at once', async (method) => {
    const { pipeline, calls, delays } = setupPipeline(networkDown);
    const error = await pipeline.send({ path: '/teams', method, json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBeInstanceOf(TypeError);
    expect(delays).toEqual([]);
    // One request attempt, then the two diagnostic probes.
    expect(calls.filter((c) => c.url === `${API}/api/v1/teams`)).toHaveLength(1);
  });

  it('throws OfflineError at once for POST when offline', async () => {
    const { pipeline, calls } = setupPipeline(networkDown, { isOnline: () => false });
    await expect(pipeline.send({ path: '/teams', method: 'POST', json: {} })).rejects.toBeInstanceOf(OfflineError);
    expect(calls).toHaveLength(1);
  });

  it('after 5 failed attempts throws NetworkError with diagnostics from the API origin only', async () => {
    const { pipeline, calls, delays } = setupPipeline(networkDown);
    const error = await pipeline.send({ path: '/users/me' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(delays).toEqual([1000, 2000, 4000, 8000]);
    const requestCalls = calls.filter((c) => c.url === `${API}/api/v1/users/me`);
    expect(requestCalls).toHaveLength(5);
    expect(calls.map((c) => new URL(c.url).origin).every((origin) => origin === API)).toBe(true);
    expect(calls.slice(5).map((c) => c.url).sort()).toEqual([`${API}/api/v1`, `${API}/health`]);
    expect((error as NetworkError).diagnostics).toMatchObject({
      onLine: true,
      apiRoot: { ok: false },
      baseUrlBackend: { ok: false },
    });
    expect((error as NetworkError).message).toContain('TypeError: fetch failed');
  });

  it('throws OfflineError after the first failure when offline, without probing (fail fast, issue 4)', async () => {
    const { pipeline, calls } = setupPipeline(networkDown, { isOnline: () => false });
    const error = await pipeline.send({ path: '/users/me' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OfflineError);
    expect((error as OfflineError).cause).toBeInstanceOf(TypeError);
    expect(calls).toHaveLength(1);
  });

  it('honours a configured attempt count', async () => {
    const { pipeline, calls } = setupPipeline(networkDown, { attempts: 2 });
    await expect(pipeline.send({ path: '/x' })).rejects.toBeInstanceOf(NetworkError);
    expect(calls.filter((c) => c.url === `${API}/api/v1/x`)).toHaveLength(2);
  });

  it('re-sends a one-shot stream body on every attempt', async () => {
    const bodies: string[] = [];
    const { pipeline } = setupPipeline(async (call, i) => {
      bodies.push(await new Response(call.init.body).text());
      if (i === 0) throw new TypeError('down');
      return new Response('ok');
    });
    const stream = new Response('{"a":1}').body;
    await pipeline.send({ path: '/x', method: 'PUT', body: stream, headers: { 'content-type': 'application/json' } });
    expect(bodies).toEqual(['{"a":1}', '{"a":1}']);
  });

  it('does not retry an abort, and rethrows non-network errors as they are', async () => {
    const controller = new AbortController();
    const aborting = setupPipeline(() => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(aborting.pipeline.send({ path: '/x', signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(aborting.calls).toHaveLength(1);

    const odd = setupPipeline(() => {
      throw new RangeError('weird');
    });
    await expect(odd.pipeline.send({ path: '/x' })).rejects.toThrow(RangeError);
    expect(odd.calls).toHaveLength(1);
  });

  it('stops waiting for a backoff when the signal aborts', async () => {
    const manual = manualSleep();
    const { fetch, calls } = fakeFetch(networkDown);
    const pipeline = createPipeline({ apiUrl: API, projectId: 'p', accessType: 'client', fetch, sleep: manual.sleep, random: () => 0.5 });
    const controller = new AbortController();
    const sending = pipeline.send({ path: '/x', signal: controller.signal });
    await flushMicrotasks();
    expect(manual.pending()).toEqual([1000]);
    controller.abort(new Error('navigated away'));
    await expect(sending).rejects.toThrow('navigated away');
    expect(calls).toHaveLength(1);
  });
});

describe('invalid access token', () => {
  it.each(['ACCESS_TOKEN_EXPIRED', 'UNPARSABLE_ACCESS_TOKEN', 'INVALID_PROJECT_FOR_ACCESS_TOKEN'] as const)(
    '%s marks the sent token expired and retries with a fresh one',
    async (code) => {
      const { pipeline, calls, delays } = setupPipeline((call) =>
        call.headers.get('x-stack-access-token') === 'stale' ? knownErrorResponse(code) : Response.json({ id: 'u1' }),
      );
      const session = fakeSession(['stale', 'fresh']);
      const response = await pipeline.send({ path: '/users/me', session });
      expect(response.status).toBe(200);
      expect(session.expired).toEqual(['stale']);
      expect(calls.map((c) => c.headers.get('x-stack-access-token'))).toEqual(['stale', 'fresh']);
      // No backoff before the retry: it waits on the refresh instead (issue 4 refresh storm).
      expect(delays).toEqual([]);
    },
  );

  it('is returned as it is when no token was sent', async () => {
    const { pipeline, calls } = setupPipeline(() => knownErrorResponse('ACCESS_TOKEN_EXPIRED'));
    const response = await pipeline.send({ path: '/users/me', session: fakeSession([]) });
    expect(response.status).toBe(401);
    expect(calls).toHaveLength(1);
  });

  it('exhausts into NetworkError whose cause is the decoded known error', async () => {
    const { pipeline } = setupPipeline(() => knownErrorResponse('ACCESS_TOKEN_EXPIRED'));
    const session = fakeSession(['a', 'b', 'c', 'd', 'e']);
    const error = await pipeline.send({ path: '/users/me', session }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBeInstanceOf(KnownError);
    expect(session.expired).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('says the token was refused on every attempt, not "Unable to connect"', async () => {
    const { pipeline } = setupPipeline(() => knownErrorResponse('ACCESS_TOKEN_EXPIRED'));
    const error = (await pipeline.send({ path: '/users/me', session: fakeSession(['a', 'b', 'c', 'd', 'e']) }).catch((e: unknown) => e)) as NetworkError;
    expect(error.message).toMatch(new RegExp(`^${API}/api/v1/users/me answered 401 on every attempt \\(5\\)\\. It refused the access token after each refresh: sign in again\\.\n\n`));
  });

  it('propagates a failing getTokens (the refresh already retried)', async () => {
    const { pipeline, calls } = setupPipeline(() => new Response('ok'));
    const session: SessionLike = {
      getTokens: () => Promise.reject(new Error('refresh failed')),
      markAccessTokenExpired: vi.fn(),
    };
    await expect(pipeline.send({ path: '/users/me', session })).rejects.toThrow('refresh failed');
    expect(calls).toHaveLength(0);
  });
});

describe('429 rate governor', () => {
  it('waits Retry-After seconds, then retries', async () => {
    const { pipeline, calls, delays, clock } = setupPipeline((_c, i) => (i === 0 ? overriddenResponse(429, 'slow down', { 'retry-after': '3' }) : new Response('ok')));
    const start = clock.now();
    const response = await pipeline.send({ path: '/users/me' });
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(2);
    expect(delays).toEqual([3000]);
    expect(pipeline.pausedUntil).toBe(start + 3000);
  });

  it('falls back to the backoff delay without a readable Retry-After (it is not CORS-exposed)', async () => {
    const { pipeline, delays } = setupPipeline((_c, i) => (i < 2 ? overriddenResponse(429, 'slow down') : new Response('ok')));
    await pipeline.send({ path: '/users/me' });
    expect(delays).toEqual([1000, 2000]);
  });

  it('also retries a non-idempotent request', async () => {
    const { pipeline, calls } = setupPipeline((_c, i) => (i === 0 ? overriddenResponse(429, '') : new Response('ok')));
    await pipeline.send({ path: '/teams', method: 'POST', json: {} });
    expect(calls).toHaveLength(2);
  });

  it('holds every other request of the pipeline until the pause passes', async () => {
    const clock = fakeClock();
    const manual = manualSleep();
    let rateLimited = false;
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url.endsWith('/first') && !rateLimited) {
        rateLimited = true;
        return overriddenResponse(429, '', { 'retry-after': '5' });
      }
      return new Response('ok');
    });
    const pipeline = createPipeline({ apiUrl: API, projectId: 'p', accessType: 'client', fetch, now: clock.now, sleep: manual.sleep, random: () => 0.5 });

    const first = pipeline.send({ path: '/first' });
    await flushMicrotasks();
    expect(calls).toHaveLength(1);
    expect(pipeline.pausedUntil).toBe(clock.now() + 5000);

    clock.advance(1000);
    const second = pipeline.send({ path: '/second' });
    await flushMicrotasks();
    expect(calls).toHaveLength(1);
    expect(manual.pending().sort()).toEqual([4000, 5000]);

    clock.advance(4000);
    manual.releaseAll();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(calls.map((c) => new URL(c.url).pathname).sort()).toEqual(['/api/v1/first', '/api/v1/first', '/api/v1/second']);
  });

  it('exhausts into NetworkError with the 429 as the cause', async () => {
    const { pipeline } = setupPipeline(() => overriddenResponse(429, 'slow down'));
    const error = await pipeline.send({ path: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBeInstanceOf(HttpError);
    expect(((error as NetworkError).cause as HttpError).status).toBe(429);
  });

  it('says the server answered 429 on every attempt, not "Unable to connect"', async () => {
    const { pipeline } = setupPipeline(() => overriddenResponse(429, 'slow down'));
    const error = (await pipeline.send({ path: '/x' }).catch((e: unknown) => e)) as NetworkError;
    expect(error.message.split('\n\n')[0]).toBe(`${API}/api/v1/x answered 429 on every attempt (5). It kept asking to slow down: try again later.`);
    expect(error.message).not.toMatch(/Unable to connect|\{\}$/);
  });

  it('names the answers and the attempts left unanswered when only some were answered', async () => {
    const { pipeline } = setupPipeline((_c, i) => (i % 2 === 0 ? Promise.reject(new TypeError('down')) : overriddenResponse(429, 'slow down')));
    const error = (await pipeline.send({ path: '/x' }).catch((e: unknown) => e)) as NetworkError;
    expect(error.message.split('\n\n')[0]).toBe(`${API}/api/v1/x answered 429 on 2 of 5 attempts (no answer to the others). It kept asking to slow down: try again later.`);
  });
});

describe('508 loop detection', () => {
  it('retries a 508 whose body contains INFINITE_LOOP_DETECTED', async () => {
    const { pipeline, calls, delays } = setupPipeline((_c, i) => (i === 0 ? overriddenResponse(508, 'INFINITE_LOOP_DETECTED: x') : new Response('ok')));
    expect((await pipeline.send({ path: '/x' })).status).toBe(200);
    expect(calls).toHaveLength(2);
    expect(delays).toEqual([1000]);
  });

  it('returns any other 508 with its body unread', async () => {
    const { pipeline, calls } = setupPipeline(() => overriddenResponse(508, 'Loop Detected'));
    const response = await pipeline.send({ path: '/x' });
    expect(response.status).toBe(508);
    expect(await response.text()).toBe('Loop Detected');
    expect(calls).toHaveLength(1);
  });
});


describe('requests in flight', () => {
  it('holds requests beyond the limit before their token is chosen, so queued ones use the refreshed token', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { pipeline, calls } = setupPipeline(
      async (call) => {
        if (call.headers.get('x-stack-access-token') === 'stale') {
          await gate;
          return knownErrorResponse('ACCESS_TOKEN_EXPIRED');
        }
        return Response.json({ ok: true });
      },
      { maxConcurrentRequests: 2 },
    );
    const session = fakeSession(['stale', 'fresh']);
    const requests = Array.from({ length: 6 }, () => pipeline.send({ path: '/users/me', session }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toHaveLength(2);
    release();
    const responses = await Promise.all(requests);
    expect(responses.every((r) => r.status === 200)).toBe(true);
    // Only the two that left with the stale token were rejected and sent again.
    expect(calls.filter((c) => c.headers.get('x-stack-access-token') === 'stale')).toHaveLength(2);
    expect(calls).toHaveLength(8);
  });
});

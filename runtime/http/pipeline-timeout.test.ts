// The pipeline's `timeoutMs` (what the server and admin apps set): a request fails within it, naming its URL.
import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from './errors.ts';
import { TEST_API as API, networkDown, setupPipeline } from '../../testing/runtime/http.ts';

const URL_TRIED = `${API}/api/v1/users/me`;

/** An answer that never comes; it rejects as fetch does when its signal aborts (or had aborted already). */
function hung(call: { init: RequestInit }): Promise<Response> {
  const signal = call.init.signal;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
}

describe('a request with a timeout', () => {
  it('does not wait for a retry that could not start in time: fails with the network failure and the URL', async () => {
    // Delays are 1000, 2000, 4000 ms: the third retry would start at 7 s, past a 5 s limit.
    const { pipeline, calls, delays } = setupPipeline(networkDown, { timeoutMs: 5000 });
    const error = await pipeline.send({ path: '/users/me' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).url).toBe(URL_TRIED);
    expect((error as NetworkError).message).toContain(`Unable to connect to ${URL_TRIED}.`);
    expect((error as NetworkError).cause).toBeInstanceOf(TypeError);
    expect(delays).toEqual([1000, 2000]);
    expect(calls.filter((c) => c.url === URL_TRIED)).toHaveLength(3);
  });

  it('aborts an attempt that hangs past the limit, and names the URL', async () => {
    const { pipeline } = setupPipeline((call) => (call.url === URL_TRIED ? hung(call) : networkDown(call, 0)), { timeoutMs: 50 });
    const started = performance.now();
    const error = await pipeline.send({ path: '/users/me' }).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).url).toBe(URL_TRIED);
    expect(((error as NetworkError).cause as Error).name).toBe('TimeoutError');
  });

  it("keeps the caller's own abort as it is", async () => {
    const controller = new AbortController();
    const { pipeline } = setupPipeline(hung, { timeoutMs: 10_000 });
    const sent = pipeline.send({ path: '/users/me', signal: controller.signal }).catch((e: unknown) => e);
    controller.abort(new DOMException('stop', 'AbortError'));
    const error = await sent;
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('a 429 whose Retry-After runs past the limit fails at once with the 429 as the cause, and still pauses the pipeline', async () => {
    const { pipeline, calls, clock } = setupPipeline(() => new Response('slow down', { status: 429, headers: { 'retry-after': '30' } }), { timeoutMs: 5000 });
    const error = await pipeline.send({ path: '/users/me' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(((error as NetworkError).cause as HttpError).status).toBe(429);
    expect(calls.filter((c) => c.url === URL_TRIED)).toHaveLength(1);
    expect(pipeline.pausedUntil).toBe(clock.now() + 30_000);
  });

  it('answers as usual when the API answers in time', async () => {
    const { pipeline } = setupPipeline((_c, i) => (i < 1 ? Promise.reject(new TypeError('blip')) : new Response('ok')), { timeoutMs: 5000 });
    expect((await pipeline.send({ path: '/users/me' })).status).toBe(200);
  });
});

describe('a read with an attempt limit (the worker sets 10 s)', () => {
  it('retries a GET whose connection hangs past the limit, and answers once the API does', async () => {
    let attempts = 0;
    const { pipeline, delays } = setupPipeline((call) => (++attempts < 3 ? hung(call) : Response.json({ id: 'u1' })), { attemptTimeoutMs: 30 });
    const response = await pipeline.send({ path: '/users/me' });
    expect(await response.json()).toEqual({ id: 'u1' });
    expect(attempts).toBe(3);
    expect(delays).toEqual([1000, 2000]);
  });

  it('gives up like any network failure, with the URL', async () => {
    const { pipeline } = setupPipeline((call) => (call.url === URL_TRIED ? hung(call) : networkDown(call, 0)), { attemptTimeoutMs: 20, attempts: 2 });
    const error = await pipeline.send({ path: '/users/me' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).url).toBe(URL_TRIED);
    expect((error as NetworkError).message).toContain('No answer within 20 ms');
  });

  it('limits only the wait for the answer: a body that streams past the limit is read whole', async () => {
    const { pipeline } = setupPipeline(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              setTimeout(() => {
                controller.enqueue(new TextEncoder().encode('{"late":true}'));
                controller.close();
              }, 60);
            },
          }),
        ),
      { attemptTimeoutMs: 20 },
    );
    const response = await pipeline.send({ path: '/users/me' });
    expect(await response.json()).toEqual({ late: true });
  });

  it('does not limit a POST (it is not retried: the server may have acted on it)', async () => {
    let aborted = false;
    const { pipeline } = setupPipeline(
      (call) =>
        new Promise<Response>((resolve) => {
          call.init.signal?.addEventListener('abort', () => (aborted = true));
          setTimeout(() => resolve(Response.json({ ok: true })), 60);
        }),
      { attemptTimeoutMs: 20 },
    );
    const response = await pipeline.send({ path: '/teams', method: 'POST', json: {} });
    expect(response.status).toBe(200);
    expect(aborted).toBe(false);
  });
});

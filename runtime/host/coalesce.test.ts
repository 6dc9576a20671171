import { afterEach, describe, expect, it, vi } from 'vitest';
import { Answer } from './answer.ts';
import { coalescingKey, InflightGets } from './coalesce.ts';
import { countBodyReads } from '../../testing/runtime/body-reads.ts';

describe('InflightGets', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends one request for identical concurrent GETs, reads its body once and gives each caller its own Response', async () => {
    const inflight = new InflightGets();
    let sent = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const send = async () => {
      sent += 1;
      await gate;
      return Response.json({ id: 'u' }, { headers: { 'x-stack-request-id': 'r1' } });
    };
    const reads = countBodyReads();
    const answers = Array.from({ length: 50 }, () => inflight.run('GET /users/me', send));
    release();
    const responses = await Promise.all((await Promise.all(answers)).map((answer) => answer.toResponse()));
    expect(sent).toBe(1);
    expect(reads.count).toBe(1);
    expect(new Set(responses).size).toBe(50);
    for (const response of responses) {
      expect(await response.json()).toEqual({ id: 'u' });
      expect(response.headers.get('x-stack-request-id')).toBe('r1');
    }
    expect(inflight.size).toBe(0);
  });

  it('hands a lone caller the answer unread, so it can stream through', async () => {
    const inflight = new InflightGets();
    const reads = countBodyReads();
    const answer = await inflight.run('k', async () => new Response('ok', { status: 201, statusText: 'Made', headers: { 'x-a': '1' } }));
    const response = await answer.toResponse();
    expect(reads.count).toBe(0);
    expect([response.status, response.statusText, response.headers.get('x-a'), await response.text()]).toEqual([201, 'Made', '1', 'ok']);
  });

  it('shares an answer only until its head arrives: a later caller sends its own request', async () => {
    const inflight = new InflightGets();
    let sent = 0;
    const send = async () => new Response(`answer ${++sent}`);
    const first = await inflight.run('k', send);
    const second = await inflight.run('k', send);
    expect(await (await first.toResponse()).text()).toBe('answer 1');
    expect(await (await second.toResponse()).text()).toBe('answer 2');
  });

  it('gives several callers of a 204 an empty answer each', async () => {
    const inflight = new InflightGets();
    const answers = await Promise.all([1, 2].map(() => inflight.run('k', async () => new Response(null, { status: 204 }))));
    for (const answer of answers) expect((await answer.toResponse()).status).toBe(204);
  });

  it('starts a new request once the previous one has settled, also after a failure', async () => {
    const inflight = new InflightGets();
    await expect(inflight.run('k', async () => Promise.reject(new TypeError('down')))).rejects.toThrow('down');
    const answer = await inflight.run('k', async () => new Response('ok'));
    expect(await answer.text()).toBe('ok');
  });

  it('keys only GETs, by path and exact headers', () => {
    const h = { accept: 'application/json' };
    expect(coalescingKey('POST', '/teams', h)).toBeNull();
    expect(coalescingKey('GET', '/users/me', h)).toBe(coalescingKey('GET', '/users/me', { accept: 'application/json' }));
    expect(coalescingKey('GET', '/users/me', h)).not.toBe(coalescingKey('GET', '/users/me', {}));
    expect(coalescingKey('GET', '/users/me', h)).not.toBe(coalescingKey('GET', '/teams?user_id=me', h));
  });
});

describe('Answer', () => {
  it("gives a 204 no body even when the browser gave its network answer an empty stream (Chromium does)", async () => {
    const network = { status: 204, statusText: '', headers: new Headers({ 'x-a': '1' }), body: new ReadableStream() } as unknown as Response;
    const response = await new Answer(network).toResponse();
    expect([response.status, response.body, response.headers.get('x-a')]).toEqual([204, null, '1']);
  });
});

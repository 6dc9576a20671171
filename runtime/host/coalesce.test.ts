import { describe, expect, it } from 'vitest';
import { coalescingKey, InflightGets } from './coalesce.ts';

describe('InflightGets', () => {
  it('sends one request for identical concurrent GETs and gives each caller its own body', async () => {
    const inflight = new InflightGets();
    let sent = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const send = async () => {
      sent += 1;
      await gate;
      return Response.json({ id: 'u' }, { headers: { 'x-stack-request-id': 'r1' } });
    };
    const answers = Array.from({ length: 50 }, () => inflight.run('GET /users/me', send));
    release();
    const responses = await Promise.all(answers);
    expect(sent).toBe(1);
    for (const response of responses) expect(await response.json()).toEqual({ id: 'u' });
    expect(inflight.size).toBe(0);
  });

  it('starts a new request once the previous one has settled, also after a failure', async () => {
    const inflight = new InflightGets();
    await expect(inflight.run('k', async () => Promise.reject(new TypeError('down')))).rejects.toThrow('down');
    const response = await inflight.run('k', async () => new Response('ok'));
    expect(await response.text()).toBe('ok');
  });

  it('keys only GETs, by path and exact headers', () => {
    const h = new Headers({ accept: 'application/json' });
    expect(coalescingKey('POST', '/teams', h)).toBeNull();
    expect(coalescingKey('GET', '/users/me', h)).toBe(coalescingKey('GET', '/users/me', new Headers({ accept: 'application/json' })));
    expect(coalescingKey('GET', '/users/me', h)).not.toBe(coalescingKey('GET', '/users/me', new Headers()));
    expect(coalescingKey('GET', '/users/me', h)).not.toBe(coalescingKey('GET', '/teams?user_id=me', h));
  });
});

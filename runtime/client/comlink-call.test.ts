import { expose, finalizer } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { guardedEndpoint } from '../../sw/comlink-guard.ts';
import { comlinkCall } from './comlink-call.ts';

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

/** The worker's side as sw/install.ts builds it: Comlink's expose behind our guard. */
function exposeOnChannel(api: Record<string, unknown>, allowed: string[]): MessagePort {
  const channel = new MessageChannel();
  channels.push(channel);
  expose(api, guardedEndpoint(channel.port2, allowed));
  return channel.port1;
}

describe('comlinkCall against Comlink expose', () => {
  it('returns what the exposed method resolves to, arguments passed as they are', async () => {
    const port = exposeOnChannel({ add: async (a: number, b: { n: number }) => ({ sum: a + b.n }) }, ['add']);
    await expect(comlinkCall(port, 'add', [2, { n: 3 }])).resolves.toEqual({ sum: 5 });
  });

  it('rebuilds an Error thrown by the method, with its name and message', async () => {
    const port = exposeOnChannel(
      {
        fail: async () => {
          throw Object.assign(new TypeError('no such session'), { name: 'TypeError' });
        },
      },
      ['fail'],
    );
    const error = await comlinkCall(port, 'fail', []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'TypeError', message: 'no such session' });
  });

  it('passes a thrown non-Error value through', async () => {
    const port = exposeOnChannel(
      {
        fail: async () => {
          throw { reason: 'plain' };
        },
      },
      ['fail'],
    );
    await expect(comlinkCall(port, 'fail', [])).rejects.toEqual({ reason: 'plain' });
  });

  it('surfaces the guard refusing a method the worker does not list', async () => {
    const port = exposeOnChannel({ secret: async () => 'refresh-token' }, []);
    await expect(comlinkCall(port, 'secret', [])).rejects.toThrow('authworker: call refused by the worker');
  });

  it('releases the worker side after the answer (Comlink runs the finalizer and closes its port)', async () => {
    let finalized!: () => void;
    const released = new Promise<void>((resolve) => (finalized = resolve));
    const port = exposeOnChannel({ ping: async () => 'pong', [finalizer]: () => finalized() }, ['ping']);
    await expect(comlinkCall(port, 'ping', [])).resolves.toBe('pong');
    await released;
  });
});

import { expose, wrap } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { guardedEndpoint } from './comlink-guard.ts';

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

function connect(api: Record<string, unknown>) {
  const channel = new MessageChannel();
  channels.push(channel);
  expose(api, guardedEndpoint(channel.port2, ['greet']));
  channel.port2.start();
  return { channel, remote: wrap<Record<string, (...args: unknown[]) => Promise<unknown>>>(channel.port1) };
}

/** Sends a raw Comlink message, as a hostile page could, and returns the reply. */
function raw(port: MessagePort, message: Record<string, unknown>): Promise<{ type: string; name?: string; value: unknown }> {
  return new Promise((resolve) => {
    port.addEventListener('message', (event: MessageEvent) => resolve(event.data as { type: string; value: unknown }), { once: true });
    port.start();
    port.postMessage({ id: 'probe', ...message });
  });
}

describe('guardedEndpoint', () => {
  it('lets whitelisted methods through', async () => {
    const { remote } = connect(Object.freeze({ greet: async (name: unknown) => `hello ${String(name)}` }));
    await expect(remote.greet?.('tab')).resolves.toBe('hello tab');
  });

  it('refuses other methods, property reads and writes, constructors and prototype walks', async () => {
    const api = Object.freeze({ greet: async () => 'hi', secret: async () => 'refresh-token' });
    const { channel } = connect(api);
    for (const message of [
      { type: 'APPLY', path: ['secret'], argumentList: [] },
      { type: 'GET', path: ['greet'] },
      { type: 'SET', path: ['greet'], value: { type: 'RAW', value: 1 } },
      { type: 'CONSTRUCT', path: ['greet'], argumentList: [] },
      { type: 'APPLY', path: ['constructor', 'constructor'], argumentList: [{ type: 'RAW', value: 'return 1' }] },
      { type: 'ENDPOINT' },
      { type: 'APPLY', path: ['greet'], argumentList: [{ type: 'HANDLER', name: 'proxy', value: null }] },
    ]) {
      const reply = await raw(channel.port1, message);
      expect(reply).toMatchObject({ type: 'HANDLER', name: 'throw', value: { isError: true, value: { message: 'authworker: call refused by the worker' } } });
    }
  });
});

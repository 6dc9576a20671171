// One configuration: a worker whose hello names another API, project or key than the app is refused at start-up
// with a setup error that names both values; every later call fails with it, and no request goes past the worker.
import { describe, expect, it, vi } from 'vitest';
import type { ConnectionSetup } from '../../bridge/messages.ts';
import { StackSetupError } from '../../protocol/setup-error.ts';

const worker = vi.hoisted(() => ({ setup: undefined as ConnectionSetup | undefined, calls: [] as string[] }));
vi.mock('./worker-connection.ts', () => ({
  WorkerConnection: class {
    readonly controlsPage = true;
    readonly registered = Promise.resolve({});
    watchSession(): void {}
    async call(method: string) {
      worker.calls.push(method);
      return method === 'hello' ? { protocol: 1, snapshot: { status: 'signed-out', userId: null, network: 'online', seq: 1 }, storedUser: null, setup: worker.setup } : null;
    }
  },
}));
vi.stubGlobal('navigator', { serviceWorker: {} });

const { AutoBackend } = await import('./auto-backend.ts');

const app = { apiUrl: 'http://localhost:8102', projectId: 'p', publishableClientKey: 'pck' };

async function helloWith(setup: ConnectionSetup | undefined) {
  worker.setup = setup;
  worker.calls = [];
  const backend = new AutoBackend({ url: '/sw.js', callTimeoutMs: 1_000 }, app);
  return { backend, hello: await backend.call('hello', 1).then(() => null, (error: unknown) => error) };
}

describe('the start-up check of the worker it talks to', () => {
  it("passes a worker with the app's settings, and an older worker that names none", async () => {
    expect((await helloWith(app)).hello).toBeNull();
    expect((await helloWith(undefined)).hello).toBeNull();
  });

  it('refuses a worker set up for another API origin: a setup error naming both values, then every call fails with it', async () => {
    const { backend, hello } = await helloWith({ ...app, apiUrl: 'http://127.0.0.1:8102' });
    expect(hello).toBeInstanceOf(StackSetupError);
    expect((hello as Error).message).toContain(`StackClientApp's baseUrl is "http://localhost:8102", the worker's apiUrl is "http://127.0.0.1:8102"`);
    expect(backend.controlsPage).toBe(false);
    await expect(backend.call('getSnapshot')).rejects.toBe(hello);
    expect(worker.calls).toEqual(['hello']);
  });

  it.each([
    ['projectId', { projectId: 'other' }, `StackClientApp's projectId is "p", the worker's projectId is "other"`],
    ['publishableClientKey', { publishableClientKey: 'pck-other' }, `StackClientApp's publishableClientKey is "pck", the worker's publishableClientKey is "pck-other"`],
  ])('refuses a worker with another %s', async (_, change, text) => {
    const { hello } = await helloWith({ ...app, ...change });
    expect(hello).toBeInstanceOf(StackSetupError);
    expect((hello as Error).message).toContain(text);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('workbox-window', () => ({
  Workbox: class {
    register = async () => ({ scope: 'http://localhost/app/' });
  },
}));

const { WorkerConnection, WorkerUnavailableError } = await import('./worker-connection.ts');

afterEach(() => vi.unstubAllGlobals());

describe('WorkerConnection on a page outside the worker scope', () => {
  it('fails the call within the time limit instead of waiting for a `ready` that never comes', async () => {
    vi.stubGlobal('document', { readyState: 'complete' });
    vi.stubGlobal('location', new URL('http://localhost/'));
    vi.stubGlobal('navigator', { serviceWorker: Object.assign(new EventTarget(), { controller: null, ready: new Promise(() => undefined) }) });
    const connection = new WorkerConnection({ url: '/auth-sw.js', scope: '/app/', callTimeoutMs: 50 });
    const started = performance.now();
    await expect(connection.call('getSnapshot')).rejects.toBeInstanceOf(WorkerUnavailableError);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

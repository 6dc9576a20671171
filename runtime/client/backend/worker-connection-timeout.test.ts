import { afterEach, describe, expect, it, vi } from 'vitest';
import { expose } from 'comlink';

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

describe('WorkerConnection while its worker installs (issue 30: a first visit with the API down)', () => {
  /** A page not yet controlled, whose worker becomes ready after `readyAfterMs` and answers getSnapshot after `answerAfterMs`. */
  function installingWorker(readyAfterMs: number, answerAfterMs: number) {
    const ports: MessagePort[] = [];
    const worker = {
      scriptURL: 'http://localhost/auth-sw.js',
      postMessage(_message: unknown, transfer: Transferable[]) {
        const port = transfer[0] as MessagePort;
        ports.push(port);
        expose({ getSnapshot: () => new Promise((resolve) => setTimeout(() => resolve({ ok: true, value: 'snapshot' }), answerAfterMs)) }, port);
      },
    };
    const ready = new Promise((resolve) => setTimeout(() => resolve({ active: worker }), readyAfterMs));
    vi.stubGlobal('document', { readyState: 'complete' });
    vi.stubGlobal('location', new URL('http://localhost/'));
    vi.stubGlobal('navigator', { serviceWorker: Object.assign(new EventTarget(), { controller: null, ready }) });
    return { close: () => ports.forEach((port) => port.close()) };
  }

  it('gives the worker its whole limit to answer after a slow install, not what the install left of it', async () => {
    const worker = installingWorker(300, 300);
    const connection = new WorkerConnection({ url: '/auth-sw.js', callTimeoutMs: 500 });
    await expect(connection.call('getSnapshot')).resolves.toBe('snapshot');
    worker.close();
  });

  it('still fails a worker that does not answer within the limit', async () => {
    const worker = installingWorker(0, 2_000);
    const connection = new WorkerConnection({ url: '/auth-sw.js', callTimeoutMs: 100 });
    await expect(connection.call('getSnapshot')).rejects.toThrow(/did not answer getSnapshot within 100 ms/);
    worker.close();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';

const workbox = vi.hoisted(() => ({ constructed: [] as unknown[][], register: vi.fn(async () => ({ scope: '/' }) as ServiceWorkerRegistration) }));
vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(...args: unknown[]) {
      workbox.constructed.push(args);
    }
    register = workbox.register;
  },
}));

const { WorkerConnection } = await import('./worker-connection.ts');

afterEach(() => {
  vi.unstubAllGlobals();
  workbox.constructed.length = 0;
  workbox.register.mockClear();
});

describe('WorkerConnection registration', () => {
  it('registers through workbox-window only after the page has loaded, with the configured URL and scope', async () => {
    const load = new EventTarget();
    vi.stubGlobal('document', { readyState: 'loading' });
    vi.stubGlobal('addEventListener', load.addEventListener.bind(load));
    const connection = new WorkerConnection({ url: '/auth-sw.js', channelName: 'c', scope: '/app/', callTimeoutMs: 1_000 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(workbox.constructed).toEqual([]);
    load.dispatchEvent(new Event('load'));
    expect(await connection.registered).toEqual({ scope: '/' });
    expect(workbox.constructed).toEqual([['/auth-sw.js', { scope: '/app/' }]]);
    expect(workbox.register).toHaveBeenCalledWith({ immediate: true });
  });

  it('resolves to undefined with a warning when registration is refused', async () => {
    vi.stubGlobal('document', { readyState: 'complete' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    workbox.register.mockRejectedValueOnce(new DOMException('blocked', 'SecurityError'));
    const connection = new WorkerConnection({ url: '/auth-sw.js', channelName: 'c', callTimeoutMs: 1_000 });
    expect(await connection.registered).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('[authworker] service worker registration failed', expect.any(DOMException));
    warn.mockRestore();
  });
});

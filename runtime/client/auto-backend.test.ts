import { afterEach, describe, expect, it, vi } from 'vitest';

// A registration that never settles: the page's load event (or the registration) has not happened yet.
const workbox = vi.hoisted(() => ({ register: vi.fn(() => new Promise<ServiceWorkerRegistration>(() => undefined)) }));
vi.mock('workbox-window', () => ({
  Workbox: class {
    register = workbox.register;
  },
}));

const { AutoBackend } = await import('./auto-backend.ts');

afterEach(() => vi.unstubAllGlobals());

const pageHost = { apiUrl: 'http://api.test', projectId: 'p', publishableClientKey: 'pck' };

/** A page at http://app.test whose controller is `scriptURL`, or none. */
function page(scriptURL: string | null) {
  const posted: unknown[] = [];
  const controller = scriptURL === null ? null : { scriptURL, postMessage: (message: unknown) => posted.push(message) };
  vi.stubGlobal('location', { href: 'http://app.test/', origin: 'http://app.test' });
  vi.stubGlobal('document', { readyState: 'complete' });
  vi.stubGlobal('navigator', { serviceWorker: { controller, ready: new Promise(() => undefined), addEventListener: () => undefined } });
  return posted;
}

describe('AutoBackend on a page the worker already controls', () => {
  it('talks to the worker at once, without waiting for the registration', async () => {
    const posted = page('http://app.test/sw.js');
    const backend = new AutoBackend({ url: '/sw.js', callTimeoutMs: 1_000 }, pageHost);
    expect(backend.controlsPage).toBe(true);
    void backend.call('getSnapshot').catch(() => undefined);
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ type: 'authworker:connect' });
  });

  it('waits for the registration when another worker (or none) controls the page', async () => {
    const posted = page('http://app.test/other-sw.js');
    const backend = new AutoBackend({ url: '/sw.js', callTimeoutMs: 1_000 }, pageHost);
    expect(backend.controlsPage).toBe(false);
    void backend.call('getSnapshot').catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(posted).toHaveLength(0);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';

// A registration that never settles: the page's load event (or the registration) has not happened yet.
const workbox = vi.hoisted(() => ({ register: vi.fn(() => new Promise<ServiceWorkerRegistration>(() => undefined)) }));
vi.mock('workbox-window', () => ({
  Workbox: class {
    register = workbox.register;
  },
}));

const { AutoBackend, workerScriptUrl } = await import('./auto-backend.ts');

afterEach(() => vi.unstubAllGlobals());

const pageHost = { apiUrl: 'http://api.test', projectId: 'p', publishableClientKey: 'pck' };
/** Our worker as the page registers it: with the app's settings in its URL. */
const OUR_WORKER = 'http://app.test/sw.js?apiUrl=http%3A%2F%2Fapi.test&projectId=p&publishableClientKey=pck';

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
    const posted = page(OUR_WORKER);
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

  it('waits for the registration when our worker was registered with other settings (the app changed them): it is being replaced', () => {
    page('http://app.test/sw.js?apiUrl=http%3A%2F%2Fapi.test&projectId=old&publishableClientKey=pck');
    expect(new AutoBackend({ url: '/sw.js', callTimeoutMs: 1_000 }, pageHost).controlsPage).toBe(false);
  });
});

describe("the worker's script URL", () => {
  it("carries the app's API URL, project and key (the worker reads what its code leaves out), beside the app's own parameters", () => {
    expect(workerScriptUrl('/sw.js', pageHost)).toBe('/sw.js?apiUrl=http%3A%2F%2Fapi.test&projectId=p&publishableClientKey=pck');
    expect(workerScriptUrl('/auth/sw.js?persistence=memory&projectId=stale', pageHost)).toBe(
      '/auth/sw.js?persistence=memory&projectId=p&apiUrl=http%3A%2F%2Fapi.test&publishableClientKey=pck',
    );
  });
});

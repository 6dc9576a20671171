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
    const connection = new WorkerConnection({ url: '/auth-sw.js', scope: '/app/', callTimeoutMs: 1_000 });
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
    const connection = new WorkerConnection({ url: '/auth-sw.js', callTimeoutMs: 1_000 });
    expect(await connection.registered).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('[authworker] service worker registration failed', expect.any(DOMException));
    warn.mockRestore();
  });
});

describe('WorkerConnection registration under Trusted Types', () => {
  /** A TrustedScriptURL stand-in: what the stubbed policy returns. */
  class FakeTrustedScriptURL {
    constructor(readonly url: string) {}
    toString(): string {
      return this.url;
    }
  }
  type Rules = { createScriptURL(input: string): string };

  /** A page at https://app.example with `trustedTypes`; a fresh worker-registration module (its policy is per document). */
  async function trustedTypesPage(createPolicy: (name: string, rules: Rules) => unknown) {
    vi.stubGlobal('document', { readyState: 'complete' });
    vi.stubGlobal('location', { href: 'https://app.example/account', origin: 'https://app.example' });
    const factory = { createPolicy: vi.fn(createPolicy) };
    vi.stubGlobal('trustedTypes', factory);
    vi.resetModules();
    const { WorkerConnection: FreshConnection } = await import('./worker-connection.ts');
    const connect = (url: string) => new FreshConnection({ url, callTimeoutMs: 1_000 });
    return { factory, connect };
  }
  const enforcingPolicy = (_name: string, rules: Rules) => ({ createScriptURL: (input: string) => new FakeTrustedScriptURL(rules.createScriptURL(input)) });

  it("passes workbox-window a TrustedScriptURL made by the 'authworker' policy", async () => {
    const { factory, connect } = await trustedTypesPage(enforcingPolicy);
    expect(await connect('/auth-sw.js').registered).toEqual({ scope: '/' });
    expect(factory.createPolicy).toHaveBeenCalledWith('authworker', expect.objectContaining({ createScriptURL: expect.any(Function) }));
    expect(workbox.constructed).toEqual([[new FakeTrustedScriptURL('/auth-sw.js'), { scope: '/' }]]);
  });

  it('lets only the configured same-origin worker URLs through the policy, created once for every app', async () => {
    const { factory, connect } = await trustedTypesPage(enforcingPolicy);
    await connect('/auth-sw.js').registered;
    await connect('/other/sw.js').registered;
    expect(factory.createPolicy).toHaveBeenCalledTimes(1);
    expect(workbox.constructed.map(([url]) => String(url))).toEqual(['/auth-sw.js', '/other/sw.js']);
    const rules = factory.createPolicy.mock.calls[0]?.[1];
    expect(rules?.createScriptURL('/auth-sw.js')).toBe('/auth-sw.js');
    expect(() => rules?.createScriptURL('/evil.js')).toThrow(TypeError);
    expect(() => rules?.createScriptURL('https://evil.example/auth-sw.js')).toThrow(TypeError);
  });

  it('refuses a configured worker URL of another origin (registration falls back with a warning)', async () => {
    const { connect } = await trustedTypesPage(enforcingPolicy);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await connect('https://cdn.example/auth-sw.js').registered).toBeUndefined();
    expect(workbox.constructed).toEqual([]);
    expect(warn).toHaveBeenCalledWith('[authworker] service worker registration failed', expect.any(TypeError));
    warn.mockRestore();
  });

  it("passes the plain URL when the CSP's trusted-types list refuses the policy name (a default policy may allow it)", async () => {
    const { factory, connect } = await trustedTypesPage(() => {
      throw new TypeError("Policy 'authworker' disallowed.");
    });
    expect(await connect('/auth-sw.js').registered).toEqual({ scope: '/' });
    await connect('/auth-sw.js').registered;
    expect(factory.createPolicy).toHaveBeenCalledTimes(1);
    expect(workbox.constructed).toEqual([
      ['/auth-sw.js', { scope: '/' }],
      ['/auth-sw.js', { scope: '/' }],
    ]);
  });
});

// The page's worker calls end to end in Node: WorkerConnection (Comlink's `wrap`) -> a MessageChannel handed
// over in the connect message -> Comlink's `expose` behind the worker's guard, as sw/install.ts sets it up.
import { expose, finalizer } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardedEndpoint } from '../../../sw/comlink-guard.ts';
import { BRIDGE_PROTOCOL_VERSION, CONNECT_MESSAGE_TYPE, type BridgeResult } from '../../bridge/messages.ts';
import { KnownErrors } from '../../protocol/errors/index.ts';

// What registering anew gives (workbox-window, loaded only then).
// The registration alone is stubbed; the kept registration and the activation wait are the real ones.
vi.mock('./worker-registration.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./worker-registration.ts')>()),
  registerWorker: async () => ({ scope: 'http://localhost/', registeredAnew: true }),
}));

const { WorkerConnection } = await import('./worker-connection.ts');

const SCRIPT = 'http://localhost/auth-sw.js';
const ports: MessagePort[] = [];

afterEach(() => {
  vi.unstubAllGlobals();
  for (const port of ports.splice(0)) port.close();
});

/** A page controlled by a worker that exposes `api` (behind the guard, `allowed` methods only) on each connect message. */
function controlledPage(api: Record<string, unknown>, allowed: readonly string[] = Object.keys(api), startupSettled?: Promise<unknown>, registeredScope = 'http://localhost/') {
  const connects: unknown[] = [];
  const worker = {
    scriptURL: SCRIPT,
    postMessage(message: unknown, transfer: Transferable[]) {
      connects.push(message);
      const port = transfer[0] as MessagePort;
      ports.push(port);
      expose(api, guardedEndpoint(port, allowed));
      port.start();
    },
  };
  vi.stubGlobal('document', { readyState: 'complete' });
  vi.stubGlobal('location', new URL('http://localhost/app'));
  // The registration the browser keeps for the worker (its scope as registered).
  const registration = { scope: registeredScope, active: worker };
  vi.stubGlobal('navigator', {
    serviceWorker: Object.assign(new EventTarget(), { controller: worker, ready: Promise.resolve({ active: worker }), getRegistration: async () => registration }),
  });
  return { connection: new WorkerConnection({ url: '/auth-sw.js', callTimeoutMs: 5_000, ...(startupSettled ? { startupSettled: () => startupSettled } : {}) }), connects };
}

const ok = <T>(value: T): BridgeResult<T> => ({ ok: true, value });
const snapshot = { status: 'signed-out', userId: null, network: 'online', seq: 7 } as const;

describe('WorkerConnection.call through Comlink', () => {
  it('sends one connect message per call, with the bridge protocol and a port, and returns the settled value', async () => {
    const calls: unknown[][] = [];
    const { connection, connects } = controlledPage({
      getSnapshot: async () => ok(snapshot),
      apiRequest: async (...args: unknown[]) => {
        calls.push(args);
        return ok({ status: 200, headers: [], body: '{}' });
      },
    });
    expect(connection.controlsPage).toBe(true);
    await expect(connection.call('getSnapshot')).resolves.toEqual(snapshot);
    const request = { path: '/users/me', method: 'GET', headers: { accept: 'application/json' } };
    await expect(connection.call('apiRequest', request)).resolves.toEqual({ status: 200, headers: [], body: '{}' });
    expect(calls).toEqual([[request]]);
    expect(connects).toEqual([
      { type: CONNECT_MESSAGE_TYPE, protocol: BRIDGE_PROTOCOL_VERSION },
      { type: CONNECT_MESSAGE_TYPE, protocol: BRIDGE_PROTOCOL_VERSION },
    ]);
  });

  it('rebuilds a settled failure as the typed error of the catalogue', async () => {
    const { connection } = controlledPage({
      signInWithCredential: async () => ({ ok: false, error: { name: 'EmailPasswordMismatch', message: 'Wrong e-mail or password.', code: 'EMAIL_PASSWORD_MISMATCH', status: 400 } }),
    });
    const error = await connection.call('signInWithCredential', { email: 'a@example.com', password: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KnownErrors.EmailPasswordMismatch);
    expect(error).toMatchObject({ message: 'Wrong e-mail or password.' });
  });

  it('rejects with an Error thrown by the worker, with its name and message', async () => {
    const { connection } = controlledPage({
      getSnapshot: async () => {
        throw Object.assign(new TypeError('no such session'), { name: 'TypeError' });
      },
    });
    const error = await connection.call('getSnapshot').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'TypeError', message: 'no such session' });
  });

  it("surfaces the guard's refusal of a method the worker does not list", async () => {
    const { connection } = controlledPage({ getAccessToken: async () => ok('access-token') }, []);
    await expect(connection.call('getAccessToken')).rejects.toThrow('authworker: call refused by the worker');
  });

  it('releases the worker side after the answer: Comlink runs the finalizer and drops the port', async () => {
    let finalized!: () => void;
    const released = new Promise<void>((resolve) => (finalized = resolve));
    const { connection } = controlledPage({ getSnapshot: async () => ok(snapshot), [finalizer]: () => finalized() }, ['getSnapshot']);
    await expect(connection.call('getSnapshot')).resolves.toEqual(snapshot);
    await released;
  });
});

describe('WorkerConnection registration on a page the worker already controls', () => {
  it('waits for the first answer and an idle period, so it never competes with the start-up render', async () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => (idle = callback));
    let answer: ((value: BridgeResult<typeof snapshot>) => void) | undefined;
    const { connection } = controlledPage({ getSnapshot: () => new Promise((resolve) => (answer = resolve)) });
    let registered = false;
    void connection.registered.then(() => (registered = true));
    const call = connection.call('getSnapshot');
    await vi.waitFor(() => expect(answer).toBeDefined());
    expect(registered).toBe(false);
    answer?.(ok(snapshot));
    await expect(call).resolves.toEqual(snapshot);
    await vi.waitFor(() => expect(idle).toBeDefined());
    expect(registered).toBe(false);
    idle?.();
    // The browser's registration of the controlling worker is kept: no registration code, no request.
    expect(await connection.registered).toEqual({ scope: 'http://localhost/', active: expect.objectContaining({ scriptURL: SCRIPT }) });
  });

  it("waits for the app's first render too when the app says when it is done", async () => {
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => callback());
    let rendered = () => {};
    const startupSettled = new Promise<void>((resolve) => (rendered = resolve));
    const { connection } = controlledPage({ getSnapshot: async () => ok(snapshot) }, ['getSnapshot'], startupSettled);
    let registered = false;
    void connection.registered.then(() => (registered = true));
    await expect(connection.call('getSnapshot')).resolves.toEqual(snapshot);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(registered).toBe(false);
    rendered();
    expect(await connection.registered).toMatchObject({ scope: 'http://localhost/' });
  });

  it('registers anew when the registration it finds is for another scope', async () => {
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => callback());
    const { connection } = controlledPage({ getSnapshot: async () => ok(snapshot) }, ['getSnapshot'], undefined, 'http://localhost/old-scope/');
    await connection.call('getSnapshot');
    expect(await connection.registered).toEqual({ scope: 'http://localhost/', registeredAnew: true });
  });

  it("after a change of the app's settings, calls go to the new worker once it has taken over, never to the old one", async () => {
    const exposed = (name: string, scriptURL: string, state: ServiceWorkerState) =>
      Object.assign(new EventTarget(), {
        scriptURL,
        state,
        postMessage(_message: unknown, transfer: Transferable[]) {
          const port = transfer[0] as MessagePort;
          ports.push(port);
          expose({ getSnapshot: async () => ok({ ...snapshot, userId: name }) }, guardedEndpoint(port, ['getSnapshot']));
          port.start();
        },
      });
    const old = exposed('old', `${SCRIPT}?projectId=old`, 'activated');
    const next = exposed('new', `${SCRIPT}?projectId=new`, 'installing');
    vi.stubGlobal('document', { readyState: 'complete' });
    vi.stubGlobal('location', new URL('http://localhost/app'));
    vi.stubGlobal('navigator', { serviceWorker: Object.assign(new EventTarget(), { controller: old, ready: Promise.resolve({ active: old, waiting: null, installing: next }) }) });
    const connection = new WorkerConnection({ url: '/auth-sw.js?projectId=new', callTimeoutMs: 5_000 });
    expect(connection.controlsPage).toBe(false);
    const call = connection.call('getSnapshot');
    await new Promise((resolve) => setTimeout(resolve, 10));
    next.state = 'activated';
    next.dispatchEvent(new Event('statechange'));
    await expect(call).resolves.toMatchObject({ userId: 'new' });
  });
});

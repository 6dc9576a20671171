// installAuthWorker on a fake worker scope (an EventTarget with the parts of `self` it uses): the listeners it
// adds, what a page's call and a page's request get, and that uninstall() takes it all back.
import { releaseProxy, wrap, type Remote } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_PROTOCOL_VERSION, CONNECT_MESSAGE_TYPE, type WorkerApi } from '../runtime/bridge/messages.ts';
import { fakeAccessToken } from '../testing/runtime/host.ts';
import { API, extendable, FakeScope, fetchEvent, ORIGIN } from '../testing/sw/fake-scope.ts';
import { installAuthWorker, type AuthWorker, type InstallAuthWorkerOverrides } from './install.ts';
import type { AuthWorkerOptions } from './options.ts';

const OPTIONS: AuthWorkerOptions = { apiUrl: `${API}/`, projectId: 'p', publishableClientKey: 'pck', persistence: 'memory' };

const installed: AuthWorker[] = [];
const channels: MessageChannel[] = [];
afterEach(() => {
  for (const worker of installed.splice(0)) worker.uninstall();
  for (const channel of channels.splice(0)) channel.port1.close();
});

function install(overrides: InstallAuthWorkerOverrides = {}, options: AuthWorkerOptions = OPTIONS, scriptUrl?: string) {
  const scope = new FakeScope(scriptUrl === undefined ? undefined : new URL(scriptUrl));
  const worker = installAuthWorker(scope as unknown as ServiceWorkerGlobalScope, options, { fetch: scope.fetch, ...overrides });
  installed.push(worker);
  return { scope, worker };
}

/** A page's call as WorkerConnection makes it: a connect message with a port, then Comlink's `wrap` on the other end. */
function connect(scope: FakeScope, data: unknown = { type: CONNECT_MESSAGE_TYPE, protocol: BRIDGE_PROTOCOL_VERSION }) {
  const channel = new MessageChannel();
  channels.push(channel);
  const { event, waits } = extendable('message', { data, ports: [channel.port2] });
  scope.dispatchEvent(event);
  return { remote: wrap<WorkerApi>(channel.port1) as Remote<WorkerApi>, waits };
}

describe('installAuthWorker', () => {
  it('validates its options: a page message never configures it', () => {
    expect(() => install({}, { ...OPTIONS, apiUrl: 'not a url' })).toThrow();
    expect(() => install({}, { ...OPTIONS, projectId: '' })).toThrow();
  });

  it('throws a StackSetupError that names a missing or invalid option', () => {
    const { projectId: _, ...withoutProject } = OPTIONS;
    expect(() => install({}, withoutProject)).toThrow(expect.objectContaining({ name: 'StackSetupError', message: expect.stringContaining("installAuthWorker's projectId option") }));
    expect(() => install({}, { ...OPTIONS, apiUrl: 'not a url' })).toThrow(expect.objectContaining({ name: 'StackSetupError', message: expect.stringContaining("installAuthWorker's apiUrl option") }));
    expect(() => install({}, { ...OPTIONS, forwardAuthTo: { pathPrefixes: ['no-slash'] } })).toThrow(
      expect.objectContaining({ name: 'StackSetupError', message: expect.stringContaining("installAuthWorker's forwardAuthTo.pathPrefixes.0 option: a path prefix starts with /") }),
    );
  });

  it("takes the API URL, project and key its code leaves out from its script URL (StackClientApp's registration); its code's win", () => {
    const query = `?apiUrl=${encodeURIComponent(API)}&projectId=from-url&publishableClientKey=pck-url`;
    const fromUrl = install({}, { persistence: 'memory' }, `${ORIGIN}/sw.js${query}`).worker;
    expect(fromUrl.options).toMatchObject({ apiUrl: API, projectId: 'from-url', publishableClientKey: 'pck-url', persistence: 'memory' });
    const fromCode = install({}, OPTIONS, `${ORIGIN}/sw.js${query}`).worker;
    expect(fromCode.options).toMatchObject({ apiUrl: API, projectId: 'p', publishableClientKey: 'pck' });
  });

  it("keeps the project's configuration at install, and serves it offline before any page asked for it", async () => {
    const { scope } = install();
    scope.answer = (request) => (request.url.endsWith('/projects/current') ? Response.json({ id: 'p', display_name: 'Demo' }) : Response.json({}));
    const installing = extendable('install');
    scope.dispatchEvent(installing.event);
    await Promise.all(installing.waits);
    expect(scope.sent.map((request) => new URL(request.url).pathname)).toEqual(['/api/v1/projects/current']);

    scope.navigator.onLine = false;
    scope.answer = () => {
      throw new TypeError('Failed to fetch');
    };
    const offline = fetchEvent(new Request(`${API}/api/v1/projects/current`));
    scope.dispatchEvent(offline.event);
    const answer = await offline.answer();
    expect(answer?.status).toBe(200);
    expect(await answer?.json()).toEqual({ id: 'p', display_name: 'Demo' });
  });

  it('finishes its install within 4 s with the API down (the first page waits for it), and the read goes on', async () => {
    vi.useFakeTimers();
    try {
      const { scope } = install();
      scope.answer = () => {
        throw new TypeError('Failed to fetch');
      };
      const installing = extendable('install');
      scope.dispatchEvent(installing.event);
      let installed = false;
      void Promise.all(installing.waits).then(() => (installed = true));
      await vi.advanceTimersByTimeAsync(3_900);
      expect(installed).toBe(false);
      await vi.advanceTimersByTimeAsync(100);
      expect(installed).toBe(true);
      const tried = scope.sent.length;
      await vi.advanceTimersByTimeAsync(30_000);
      expect(scope.sent.length).toBeGreaterThan(tried);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is the only listener to answer what it answers: listeners added after it (a navigation route) do not see those requests', async () => {
    const { scope } = install();
    const later = vi.fn();
    scope.addEventListener('fetch', later);
    scope.dispatchEvent(fetchEvent(new Request(`${API}/api/v1/projects/current`)).event);
    expect(later).not.toHaveBeenCalled();
    scope.dispatchEvent(fetchEvent(new Request(`${ORIGIN}/index.html`)).event);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('takes control at install and activate, unless the app does it', async () => {
    const { scope } = install();
    const installing = extendable('install');
    scope.dispatchEvent(installing.event);
    const activating = extendable('activate');
    scope.dispatchEvent(activating.event);
    await Promise.all([...installing.waits, ...activating.waits]);
    expect(scope.skipWaiting).toHaveBeenCalledTimes(1);
    expect(scope.clients.claim).toHaveBeenCalledTimes(1);

    const own = install({ takeControl: false }).scope;
    own.dispatchEvent(extendable('install').event);
    own.dispatchEvent(extendable('activate').event);
    expect(own.skipWaiting).not.toHaveBeenCalled();
    expect(own.clients.claim).not.toHaveBeenCalled();
  });

  it("answers a page's call on the port of its connect message, and tells every window client about the new session", async () => {
    const { scope, worker } = install();
    const accessToken = fakeAccessToken('user-1', Date.now() + 600_000);
    scope.answer = () => Response.json({ access_token: accessToken, refresh_token: 'rt-secret', user_id: 'user-1' });
    const { remote, waits } = connect(scope);
    const result = await remote.signInWithCredential({ email: 'ada@example.com', password: 'correct horse' });
    remote[releaseProxy]();
    expect(result).toEqual({ ok: true, value: { userId: 'user-1', isNewUser: false, snapshot: worker.host.snapshot } });
    expect(JSON.stringify(result)).not.toContain('rt-secret');
    expect(worker.host.snapshot).toMatchObject({ status: 'signed-in', userId: 'user-1' });
    // Queued revokes go out when a page is around: the connect message keeps the worker alive for them.
    expect(waits).toHaveLength(1);
    await vi.waitFor(() => expect(scope.posted).toContainEqual({ type: 'session', snapshot: worker.host.snapshot }));
    expect(scope.clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    expect(JSON.stringify(scope.posted)).not.toContain('rt-secret');
  });

  it('checks the arguments of a call before it acts', async () => {
    const { scope } = install();
    const { remote } = connect(scope);
    const result = await remote.signInWithCredential({ email: 'ada@example.com', password: 'x', apiUrl: 'https://evil.example' });
    remote[releaseProxy]();
    expect(result).toMatchObject({ ok: false, error: { name: 'InvalidBridgeArgumentsError' } });
    expect(scope.sent).toHaveLength(0);
  });

  it.each([
    ['a message of another type', { type: 'authworker:other', protocol: BRIDGE_PROTOCOL_VERSION }],
    ['a connect message without a protocol number', { type: CONNECT_MESSAGE_TYPE, protocol: 'one' }],
    ['no object at all', 'authworker:connect'],
  ])('ignores %s', (_, data) => {
    const { scope } = install();
    expect(connect(scope, data).waits).toHaveLength(0);
  });

  it("answers the API's requests and refuses the token endpoints; anything else passes to the network untouched", async () => {
    const { scope } = install();
    const api = fetchEvent(new Request(`${API}/api/v1/projects/current`));
    scope.dispatchEvent(api.event);
    expect((await api.answer())?.status).toBe(200);
    expect(scope.sent.at(-1)?.headers.get('x-stack-project-id')).toBe('p');

    const minting = fetchEvent(new Request(`${API}/api/v1/auth/password/sign-in`, { method: 'POST', body: '{}' }));
    scope.dispatchEvent(minting.event);
    expect((await minting.answer())?.status).toBe(403);

    const other = fetchEvent(new Request(`${ORIGIN}/index.html`));
    scope.dispatchEvent(other.event);
    expect(other.answer()).toBeNull();
    expect(scope.sent).toHaveLength(1);
  });

  it('removes every listener on uninstall()', async () => {
    const { scope, worker } = install();
    worker.uninstall();
    const api = fetchEvent(new Request(`${API}/api/v1/projects/current`));
    scope.dispatchEvent(api.event);
    expect(api.answer()).toBeNull();
    expect(connect(scope).waits).toHaveLength(0);
    scope.dispatchEvent(extendable('install').event);
    expect(scope.skipWaiting).not.toHaveBeenCalled();
  });

  it('keeps each install in its own object: two workers share no session', async () => {
    const first = install();
    const second = install();
    const accessToken = fakeAccessToken('user-1', Date.now() + 600_000);
    first.scope.answer = () => Response.json({ access_token: accessToken, refresh_token: 'rt', user_id: 'user-1' });
    const { remote } = connect(first.scope);
    await remote.signInWithCredential({ email: 'ada@example.com', password: 'correct horse' });
    remote[releaseProxy]();
    await second.worker.host.ensureLoaded();
    expect(first.worker.host.snapshot.status).toBe('signed-in');
    expect(second.worker.host.snapshot.status).toBe('signed-out');
  });
});

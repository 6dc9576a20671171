// The worker side of the devtools on a fake worker scope: on by default in a build that carries them, off without
// one or with devtools: false; every report valid and free of the session's tokens; each fault acting on the real pipeline.
import { releaseProxy, wrap } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_PROTOCOL_VERSION, CONNECT_MESSAGE_TYPE, type WorkerApi } from '../../runtime/bridge/messages.ts';
import {
  DEVTOOLS_MESSAGE_TYPE,
  devtoolsReplySchema,
  devtoolsReportSchema,
  type DevtoolsReport,
  type DevtoolsState,
} from '../../runtime/bridge/devtools-schemas.ts';
import { fakeAccessToken } from '../../testing/runtime/host.ts';
import { API, extendable, FakeScope, fetchEvent } from '../../testing/sw/fake-scope.ts';
import { installAuthWorker, type AuthWorker } from '../install.ts';
import type { AuthWorkerOptions } from '../options.ts';

const OPTIONS: AuthWorkerOptions = { apiUrl: API, projectId: 'p', publishableClientKey: 'pck-not-shown', persistence: 'memory' };
const REFRESH_TOKEN = 'rt-secret-value';

const installed: AuthWorker[] = [];
afterEach(() => {
  for (const worker of installed.splice(0)) worker.uninstall();
  vi.unstubAllGlobals();
});

function install(options: AuthWorkerOptions = OPTIONS, inBuild = true) {
  vi.stubGlobal('__AUTHWORKER_DEVTOOLS__', inBuild);
  const scope = new FakeScope();
  const worker = installAuthWorker(scope as unknown as ServiceWorkerGlobalScope, options, { fetch: scope.fetch });
  installed.push(worker);
  return { scope, worker };
}

/** Sends a devtools command on a port of its own; resolves to everything that comes back on it. */
function send(scope: FakeScope, command: Record<string, unknown>) {
  const channel = new MessageChannel();
  const received: unknown[] = [];
  channel.port1.onmessage = (event) => received.push(event.data);
  const { event, waits } = extendable('message', { data: { type: DEVTOOLS_MESSAGE_TYPE, ...command }, ports: [channel.port2], source: { id: 'tab-1' } });
  scope.dispatchEvent(event);
  return { received, waits, close: () => channel.port1.close() };
}

async function signIn(scope: FakeScope, accessToken: string) {
  scope.answer = () => Response.json({ access_token: accessToken, refresh_token: REFRESH_TOKEN, user_id: 'user-1' });
  const channel = new MessageChannel();
  scope.dispatchEvent(extendable('message', { data: { type: CONNECT_MESSAGE_TYPE, protocol: BRIDGE_PROTOCOL_VERSION }, ports: [channel.port2] }).event);
  const remote = wrap<WorkerApi>(channel.port1);
  await remote.signInWithCredential({ email: 'ada@example.com', password: 'correct horse' });
  remote[releaseProxy]();
  channel.port1.close();
}

async function pageRequest(scope: FakeScope, path: string, init?: RequestInit) {
  const { event, answer } = fetchEvent(new Request(`${API}/api/v1${path}`, init));
  Object.assign(event, { clientId: 'tab-1' });
  scope.dispatchEvent(event);
  return answer();
}

const lastState = (received: unknown[]): DevtoolsState =>
  (received.filter((m): m is Extract<DevtoolsReport, { report: 'state' }> => (m as DevtoolsReport).report === 'state').at(-1) as Extract<DevtoolsReport, { report: 'state' }>).state;

describe('worker devtools', () => {
  it('answers no devtools message in a build without them, or installed with devtools: false', async () => {
    for (const [options, inBuild] of [[{ ...OPTIONS, devtools: false }, true], [OPTIONS, false]] as const) {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { scope } = install(options, inBuild);
      const { received, waits } = send(scope, { command: 'connect' });
      const fault = send(scope, { command: 'drop-network', seconds: 60 });
      await new Promise((done) => setTimeout(done, 20));
      expect(received).toEqual([]);
      expect(fault.received).toEqual([]);
      expect(waits).toEqual([]);
      // The fault did nothing: the API is reached.
      expect((await pageRequest(scope, '/projects/current'))?.status).toBe(200);
      warn.mockRestore();
    }
  });

  it('refuses a command that does not match its schema', async () => {
    const { scope } = install();
    const { received } = send(scope, { command: 'fail-next-requests', count: -1, kind: '429' });
    await vi.waitFor(() => expect(received).toEqual([{ ok: false, message: 'authworker devtools: message refused' }]));
  });

  it('reports requests, events and state, every one valid, and none carries a token or a query value', async () => {
    const { scope } = install();
    const firstToken = fakeAccessToken('user-1', Date.now() + 600_000);
    await signIn(scope, firstToken);
    const panel = send(scope, { command: 'connect' });
    scope.answer = (request) =>
      new URL(request.url).pathname.endsWith('/auth/oauth/token')
        ? Response.json({ access_token: secondToken, token_type: 'bearer' })
        : Response.json({ id: 'user-1', primary_email: 'ada@example.com' });
    const secondToken = fakeAccessToken('user-1', Date.now() + 900_000);

    expect((await pageRequest(scope, '/users/me?code=query-secret'))?.status).toBe(200);
    // Two identical GETs at once: one goes out, the other shares it.
    const [a, b] = await Promise.all([pageRequest(scope, '/users/me'), pageRequest(scope, '/users/me')]);
    expect([a?.status, b?.status]).toEqual([200, 200]);
    const control = async (command: string, extra: Record<string, unknown> = {}) => {
      const reply = send(scope, { command, ...extra });
      await vi.waitFor(() => expect(reply.received).toEqual([{ ok: true }]));
    };
    await control('expire-access-token');
    await control('skew-clock', { ms: 5_000 });
    expect((await pageRequest(scope, '/users/me'))?.status).toBe(200);
    await vi.waitFor(() => expect(lastState(panel.received).session.lastRefresh?.outcome).toBe('ok'));
    await control('fail-next-requests', { count: 1, kind: '429' });
    expect((await pageRequest(scope, '/projects/current'))?.status).toBe(200);
    // Reports cross a MessagePort: they arrive a task later.
    await vi.waitFor(() => expect(JSON.stringify(panel.received)).toContain('/projects/current'));

    for (const message of panel.received) expect(devtoolsReportSchema.safeParse(message).success).toBe(true);
    const all = JSON.stringify(panel.received);
    for (const secret of [REFRESH_TOKEN, firstToken, secondToken, firstToken.split('.')[1], secondToken.split('.')[1], 'query-secret', 'pck-not-shown']) {
      expect(all).not.toContain(secret);
    }
    const requests = panel.received.flatMap((m) => ((m as DevtoolsReport).report === 'request' ? [(m as Extract<DevtoolsReport, { report: 'request' }>).request] : []));
    expect(requests.map((r) => r.path)).toContain('/users/me?code=…');
    expect(requests.filter((r) => r.source === 'page' && r.coalesced)).toHaveLength(1);
    const retried = requests.find((r) => r.path === '/projects/current');
    expect(retried?.attempts.map((attempt) => attempt.status)).toEqual([429, 200]);
    expect(requests.some((r) => r.source === 'worker' && r.path === '/auth/oauth/token')).toBe(true);
    const state = lastState(panel.received);
    expect(state.session).toMatchObject({ status: 'signed-in', userId: 'user-1', primaryEmail: 'ada@example.com' });
    expect(state.session.accessTokenExpiresInMs).toBeGreaterThan(800_000);
    expect(state.worker).toMatchObject({ mode: 'worker', storage: 'memory', scriptUrl: 'https://app.example/sw.js', faults: { clockSkewMs: 5_000, failNext: null } });
    panel.close();
  });

  it('drops the network: page requests fail as offline until the time is up', async () => {
    const { scope } = install();
    const reply = send(scope, { command: 'drop-network', seconds: 60 });
    await vi.waitFor(() => expect(reply.received).toEqual([{ ok: true }]));
    const sentBefore = scope.sent.length;
    const answer = await pageRequest(scope, '/projects/current');
    expect(answer?.status).not.toBe(200);
    expect(scope.sent.length).toBe(sentBefore);
  });

  it('revokes the session on the server and signs every tab out; a restart keeps a stored session', async () => {
    const { scope, worker } = install();
    await signIn(scope, fakeAccessToken('user-1', Date.now() + 600_000));
    const restart = send(scope, { command: 'restart-worker' });
    await vi.waitFor(() => expect(restart.received).toEqual([{ ok: true }]));
    // Memory persistence: a restarted worker has nothing stored, as a browser's restart would find.
    expect(worker.host.snapshot.status).toBe('signed-out');

    await signIn(scope, fakeAccessToken('user-1', Date.now() + 600_000));
    scope.answer = (request) =>
      request.method === 'DELETE' ? Response.json({}) : Response.json({ code: 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED', error: 'gone' }, { status: 401, headers: { 'x-stack-known-error': 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED' } });
    const revoke = send(scope, { command: 'revoke-session' });
    await vi.waitFor(() => expect(devtoolsReplySchema.parse(revoke.received[0])).toEqual({ ok: true }));
    expect(scope.sent.some((request) => request.method === 'DELETE' && request.url.endsWith('/auth/sessions/current'))).toBe(true);
    await vi.waitFor(() => expect(worker.host.snapshot.status).toBe('signed-out'));
    expect(scope.posted).toContainEqual({ type: 'session', snapshot: worker.host.snapshot });
  });
});

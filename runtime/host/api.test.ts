import { describe, expect, it } from 'vitest';
import { createPipeline } from '../http/pipeline.ts';
import { createWorkerApi } from './api.ts';
import { InflightGets } from './coalesce.ts';
import { OfflineReadCache } from './offline-read-cache.ts';
import { SignOutService } from './sign-out.ts';
import { fakeAccessToken, makeHost } from './test-support.ts';

const API = 'http://api.test';

function setup(options: { exposeAccessToken?: boolean } = {}) {
  const requests: Request[] = [];
  const accessToken = fakeAccessToken('user-9', Date.now() + 600_000);
  const pipeline = createPipeline({
    apiUrl: API,
    projectId: 'p',
    accessType: 'client',
    publishableClientKey: 'pck',
    sleep: async () => undefined,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      requests.push(request);
      if (request.url.endsWith('/auth/password/sign-in')) {
        return Response.json({ access_token: accessToken, refresh_token: 'rt-secret', user_id: 'user-9' });
      }
      return Response.json({ id: 'user-9', echo: request.headers.get('x-stack-access-token') === accessToken, access_token: 'leak?' });
    },
  });
  const { host, vault } = makeHost();
  const resolved = { exposeAccessToken: options.exposeAccessToken ?? false };
  const api = createWorkerApi({ options: resolved, host, pipeline, signOut: new SignOutService(host, pipeline, vault), inflight: new InflightGets(), offlineCache: new OfflineReadCache() });
  return { api, host, requests };
}

describe('worker API', () => {
  it('signs in and hands the page the user id only', async () => {
    const { api, host } = setup();
    const result = await api.signInWithCredential({ email: 'a@example.com', password: 'pw-123456' });
    expect(result).toEqual({ ok: true, value: { userId: 'user-9', isNewUser: false } });
    expect(JSON.stringify(result)).not.toContain('rt-secret');
    expect(host.snapshot).toMatchObject({ status: 'signed-in', userId: 'user-9' });
  });

  it.each([
    [undefined],
    [null],
    ['a@example.com'],
    [{ email: 'a@example.com' }],
    [{ email: 'a@example.com', password: 'x', apiUrl: 'https://evil.example' }],
    [{ email: 42, password: 'x' }],
  ])('refuses malformed sign-in arguments %j without a request', async (args) => {
    const { api, requests } = setup();
    const result = await api.signInWithCredential(args);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.name).toBe('InvalidBridgeArgumentsError');
    expect(requests).toHaveLength(0);
  });

  it('proxies API requests for uncontrolled pages, with the token added and token fields removed', async () => {
    const { api } = setup();
    await api.signInWithCredential({ email: 'a@example.com', password: 'pw-123456' });
    const result = await api.apiRequest({ path: '/users/me', method: 'GET' });
    expect(result.ok).toBe(true);
    const body = result.ok ? JSON.parse(result.value.body) : null;
    expect(body).toEqual({ id: 'user-9', echo: true });
  });

  it('refuses apiRequest paths that are not API paths, and the token endpoint', async () => {
    const { api, requests } = setup();
    expect((await api.apiRequest({ path: 'https://evil.example/x', method: 'GET' })).ok).toBe(false);
    expect((await api.apiRequest({ path: '/auth/oauth/token', method: 'POST' })).ok).toBe(false);
    expect(requests).toHaveLength(0);
  });

  it('keeps getAccessToken() off unless the worker options allow it', async () => {
    const closed = setup();
    await closed.api.signInWithCredential({ email: 'a@example.com', password: 'pw-123456' });
    const refused = await closed.api.getAccessToken();
    expect(refused.ok).toBe(false);

    const open = setup({ exposeAccessToken: true });
    await open.api.signInWithCredential({ email: 'a@example.com', password: 'pw-123456' });
    const allowed = await open.api.getAccessToken();
    expect(allowed.ok && allowed.value).toMatch(/\./);
  });

  it('negotiates the bridge protocol version', async () => {
    const { api } = setup();
    expect((await api.hello(1)).ok).toBe(true);
    const mismatch = await api.hello(99);
    expect(!mismatch.ok && mismatch.error.message).toContain('bridge protocol 99');
  });
});

describe('identity headers from pages', () => {
  it('are dropped: the worker alone decides project, access type, keys and tokens', async () => {
    const { api, requests } = setup();
    await api.signInWithCredential({ email: 'a@example.com', password: 'pw-123456' });
    await api.apiRequest({
      path: '/users/me',
      method: 'GET',
      headers: { 'x-stack-project-id': 'other', 'x-stack-access-type': 'server', 'x-stack-secret-server-key': 'guess', 'X-Hexclave-Access-Type': 'admin', accept: 'application/json' },
    });
    const sent = requests.at(-1);
    expect(sent?.headers.get('x-stack-project-id')).toBe('p');
    expect(sent?.headers.get('x-stack-access-type')).toBe('client');
    expect(sent?.headers.get('x-stack-secret-server-key')).toBeNull();
    expect(sent?.headers.get('x-hexclave-access-type')).toBeNull();
    expect(sent?.headers.get('accept')).toBe('application/json');
  });
});

import { describe, expect, it } from 'vitest';
import { RedirectRefusedError } from '../http/redirect-refused-error.ts';
import { createSvixClient, svixServerUrl, type SvixClientOptions } from './svix-client.ts';
import { SvixApiError, SvixError, SvixResponseError } from './svix-errors.ts';

const APP = 'dfa45225-c0f9-490d-98d7-d2c978934c58';
const SERVER = 'http://127.0.0.1:8113';
const ENDPOINT = {
  id: 'ep_2Yd4c3hzt8VjkuyoHgfb3iQ8E8X',
  url: 'https://example.com/hooks',
  description: '',
  version: 1,
  rateLimit: null,
  uid: null,
  disabled: false,
  filterTypes: null,
  channels: null,
  metadata: {},
  createdAt: '2025-02-20T14:03:00.000Z',
  updatedAt: '2025-02-20T14:03:00.000Z',
};
const MESSAGE = { channels: null, eventId: null, eventType: 'user.created', id: 'msg_1', payload: { type: 'user.created', data: { id: 'u1' } }, timestamp: '2025-02-20T14:04:00.000Z' };
const ATTEMPT = {
  id: 'atmpt_1',
  msgId: 'msg_1',
  endpointId: ENDPOINT.id,
  url: ENDPOINT.url,
  status: 0,
  statusText: 'success',
  response: '',
  responseStatusCode: 204,
  timestamp: '2025-02-20T14:04:01.000Z',
  triggerType: 0,
  msg: MESSAGE,
};

interface Call {
  url: string;
  init: RequestInit;
}

/** A client whose fetch answers `answers` in turn and records the calls. */
function clientWith(answers: (Response | Error)[], options: Partial<SvixClientOptions> = {}) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    const answer = answers.shift() ?? new Error('no answer left');
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { calls, client: createSvixClient({ token: 'svix-token-1', appId: APP, serverUrl: SERVER, fetch, ...options }) };
}

const json = (body: unknown, status = 200) => Response.json(body, { status });

describe('createSvixClient', () => {
  it('lists endpoints: GET on the app, the bearer token, no cookies, no redirects; dates read as Dates', async () => {
    const { client, calls } = clientWith([json({ data: [ENDPOINT], done: false, iterator: ENDPOINT.id, prevIterator: null })]);
    const page = await client.listEndpoints({ limit: 20, order: 'ascending' });
    expect(calls[0]?.url).toBe(`${SERVER}/api/v1/app/${APP}/endpoint?limit=20&order=ascending`);
    expect(calls[0]?.init).toMatchObject({ method: 'GET', redirect: 'manual', credentials: 'omit', cache: 'no-store' });
    expect(calls[0]?.init.headers).toEqual({ authorization: 'Bearer svix-token-1', accept: 'application/json' });
    expect(calls[0]?.init.body).toBeUndefined();
    expect(page).toEqual({ data: [{ ...ENDPOINT, createdAt: new Date(ENDPOINT.createdAt), updatedAt: new Date(ENDPOINT.updatedAt) }], done: false, iterator: ENDPOINT.id, prevIterator: null });
  });

  it('creates an endpoint with a JSON body of the given fields only', async () => {
    const { client, calls } = clientWith([json(ENDPOINT, 201)]);
    const endpoint = await client.createEndpoint({ url: ENDPOINT.url });
    expect(endpoint.id).toBe(ENDPOINT.id);
    expect(calls[0]?.init).toMatchObject({ method: 'POST', body: JSON.stringify({ url: ENDPOINT.url }) });
    expect(calls[0]?.init.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('deletes an endpoint, reads its secret, its attempts (with messages) and a message', async () => {
    const { client, calls } = clientWith([
      new Response(null, { status: 204 }),
      json({ key: 'whsec_abc' }),
      json({ data: [ATTEMPT], done: true, iterator: null }),
      json({ ...MESSAGE, payload: undefined }),
    ]);
    await expect(client.deleteEndpoint(ENDPOINT.id)).resolves.toBeUndefined();
    expect(await client.getEndpointSecret(ENDPOINT.id)).toEqual({ key: 'whsec_abc' });
    const attempts = await client.listAttemptsByEndpoint(ENDPOINT.id, { limit: 10, withMsg: true, withContent: false, iterator: null });
    expect(attempts.data[0]).toMatchObject({ status: 0, responseStatusCode: 204, timestamp: new Date(ATTEMPT.timestamp), msg: { eventType: 'user.created' } });
    expect(attempts.prevIterator).toBeNull();
    const message = await client.getMessage('msg_1', { withContent: false });
    expect(message).toEqual({ id: 'msg_1', eventType: 'user.created', eventId: null, channels: null, timestamp: new Date(MESSAGE.timestamp) });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      `DELETE ${SERVER}/api/v1/app/${APP}/endpoint/${ENDPOINT.id}`,
      `GET ${SERVER}/api/v1/app/${APP}/endpoint/${ENDPOINT.id}/secret`,
      `GET ${SERVER}/api/v1/app/${APP}/attempt/endpoint/${ENDPOINT.id}?limit=10&with_msg=true&with_content=false`,
      `GET ${SERVER}/api/v1/app/${APP}/msg/msg_1?with_content=false`,
    ]);
  });

  it('refuses ids that could leave their path segment, before any request', async () => {
    const { client, calls } = clientWith([]);
    for (const id of ['../x', 'a/b', '%2e%2e', 'ep_1?x=1', 'ep#1', '', 'x'.repeat(257)]) {
      await expect(client.deleteEndpoint(id)).rejects.toThrow(TypeError);
      await expect(client.getMessage(id)).rejects.toThrow(TypeError);
    }
    expect(() => createSvixClient({ token: 't', appId: '../other', serverUrl: SERVER })).toThrow(TypeError);
    expect(calls).toEqual([]);
  });

  it('never follows a redirect: a redirect answer is a RedirectRefusedError (Node: the 3xx; browsers: opaque)', async () => {
    const { client, calls } = clientWith([new Response(null, { status: 307, headers: { location: 'https://elsewhere.example/api' } })]);
    const error = await client.listEndpoints().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectRefusedError);
    expect(error).toMatchObject({ status: 307, location: 'https://elsewhere.example/api' });
    expect(calls).toHaveLength(1);
    const opaque = Object.defineProperty(new Response(null, { status: 200 }), 'type', { value: 'opaqueredirect' });
    await expect(clientWith([opaque]).client.listEndpoints()).rejects.toMatchObject({ name: 'RedirectRefusedError', status: null });
  });

  it('turns error answers into SvixApiError with Svix code and detail (validation details joined)', async () => {
    const { client } = clientWith([
      json({ code: 'authentication_failed', detail: 'Invalid token' }, 401),
      json({ detail: [{ loc: ['body', 'url'], msg: 'invalid url', type: 'value_error' }] }, 422),
      new Response('upstream down', { status: 502 }),
    ]);
    const unauthorised = await client.listEndpoints().catch((e: unknown) => e);
    expect(unauthorised).toBeInstanceOf(SvixApiError);
    expect(unauthorised).toBeInstanceOf(SvixError);
    expect(unauthorised).toMatchObject({ status: 401, code: 'authentication_failed', detail: 'Invalid token', message: 'The webhook service refused the request (401 authentication_failed): Invalid token' });
    await expect(client.createEndpoint({ url: 'x' })).rejects.toMatchObject({ status: 422, code: null, detail: 'body.url: invalid url' });
    await expect(client.listEndpoints()).rejects.toMatchObject({ status: 502, code: null, detail: 'upstream down' });
  });

  it('checks answers: not JSON, or not the Svix shape, is a SvixResponseError', async () => {
    const { client } = clientWith([new Response('<html>hello</html>'), json({ data: [{ id: 1 }], done: true, iterator: null })]);
    await expect(client.listEndpoints()).rejects.toThrow(new SvixResponseError(`${SERVER}/api/v1/app/${APP}/endpoint`, 'not JSON'));
    const wrong = await client.listEndpoints().catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(SvixResponseError);
    expect((wrong as Error).message).toContain('data');
  });

  it('asks a token function before each request, and passes the abort signal', async () => {
    let asked = 0;
    const controller = new AbortController();
    const { client, calls } = clientWith([json({ key: 'whsec_1' }), json({ key: 'whsec_2' })], { token: async () => `token-${++asked}` });
    await client.getEndpointSecret('ep_1', { signal: controller.signal });
    await client.getEndpointSecret('ep_1');
    expect(calls.map((c) => (c.init.headers as Record<string, string>).authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(calls[0]?.init.signal).toBe(controller.signal);
  });

  it('on a runtime that rejects credentials/cache fields, drops them and retries', async () => {
    const { client, calls } = clientWith([new TypeError("The 'credentials' field on 'RequestInitializerDict' is not implemented."), json({ key: 'k' })]);
    expect(await client.getEndpointSecret('ep_1')).toEqual({ key: 'k' });
    expect(calls[1]?.init.credentials).toBeUndefined();
    expect(calls[1]?.init.redirect).toBe('manual');
  });
});

describe('svixServerUrl', () => {
  it('takes the given server, normalised; plain http only on this machine', () => {
    expect(svixServerUrl('t', 'http://127.0.0.1:8113/')).toBe('http://127.0.0.1:8113');
    expect(svixServerUrl('t', 'http://localhost:8113')).toBe('http://localhost:8113');
    expect(svixServerUrl('t', 'http://admin.localhost:8113')).toBe('http://admin.localhost:8113');
    expect(svixServerUrl('t', 'http://[::1]:8113')).toBe('http://[::1]:8113');
    expect(svixServerUrl('t', 'https://svix.example.com/prefix//')).toBe('https://svix.example.com/prefix');
    for (const refused of ['http://svix.example.com', 'http://192.168.1.5:8113', 'ftp://127.0.0.1', 'https://u:p@svix.example.com', 'https://svix.example.com/?a=1', 'https://svix.example.com/#x', 'not a url']) {
      expect(() => svixServerUrl('t', refused), refused).toThrow(TypeError);
    }
  });

  it('without one, picks the svix SDK server for the token (its region suffix), else api.svix.com', () => {
    expect(svixServerUrl('appsk_abc.eu')).toBe('https://api.eu.svix.com');
    expect(svixServerUrl('appsk_abc.us')).toBe('https://api.us.svix.com');
    expect(svixServerUrl('emulator-svix.demo.xyz')).toBe('https://api.svix.com');
    expect(svixServerUrl('plain')).toBe('https://api.svix.com');
  });
});

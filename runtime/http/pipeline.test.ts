import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KnownError } from '../protocol/errors/index.ts';
import { HttpError } from './errors.ts';
import { buildApiUrl, isIdempotentMethod } from './pipeline.ts';
import { TEST_API as API, fakeSession, knownErrorResponse, overriddenResponse, setupPipeline } from '../../testing/runtime/http.ts';

describe('URL and fetch options', () => {
  it('builds {apiUrl}/api/v1{path}, with the API root for "" and "/"', () => {
    expect(buildApiUrl(API, '/users/me')).toBe(`${API}/api/v1/users/me`);
    expect(buildApiUrl(API, '')).toBe(`${API}/api/v1`);
    expect(buildApiUrl(API, '/')).toBe(`${API}/api/v1`);
    expect(buildApiUrl(API, '/teams?user_id=me')).toBe(`${API}/api/v1/teams?user_id=me`);
    expect(buildApiUrl(API, 'users/me')).toBe(`${API}/api/v1/users/me`);
  });

  it('never leaves the API origin, whatever the path (tokens go only there)', () => {
    fc.assert(
      fc.property(fc.string(), (path) => {
        try {
          return new URL(buildApiUrl(API, path)).origin === API;
        } catch {
          return true; // an unparsable URL makes fetch fail; it cannot reach another host
        }
      }),
      { numRuns: 500 },
    );
    for (const path of ['//evil.example', '@evil.example', '/../../x', '\\\\evil.example', '?x=https://evil.example']) {
      expect(new URL(buildApiUrl(API, path)).origin).toBe(API);
    }
  });

  it('strips the trailing slash of apiUrl and fetches with credentials omit and the default cache mode', async () => {
    const { pipeline, calls } = setupPipeline(() => new Response('ok'));
    const response = await pipeline.send({ path: '/users/me' });
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(`${API}/api/v1/users/me`);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.init.credentials).toBe('omit');
    // The default mode keeps Chromium's CORS preflight cache (answers say no-store themselves).
    expect(calls[0]?.init.cache).toBeUndefined();
  });

  it('with cacheNoStore (the server and admin apps) sends cache no-store, as the SDK does', async () => {
    const { pipeline, calls } = setupPipeline(() => new Response('ok'), { cacheNoStore: true });
    await pipeline.send({ path: '/users' });
    expect(calls[0]?.init).toMatchObject({ credentials: 'omit', cache: 'no-store' });
  });

  it('a runtime that rejects the cache field (Cloudflare Workers) gets the request again without it, and never again with it', async () => {
    const { pipeline, calls, delays } = setupPipeline(
      (call) => {
        if (call.init.cache !== undefined) throw new TypeError("The 'cache' field on 'RequestInitializerDict' is not implemented.");
        return new Response('ok');
      },
      { cacheNoStore: true },
    );
    expect((await pipeline.send({ path: '/users', method: 'POST', json: {} })).status).toBe(200);
    expect((await pipeline.send({ path: '/users' })).status).toBe(200);
    expect(calls.map((c) => c.init.cache)).toEqual(['no-store', undefined, undefined]);
    expect(calls.map((c) => c.init.credentials)).toEqual(['omit', 'omit', 'omit']);
    expect(delays).toEqual([]); // not a network failure: no backoff
  });

  it('a network failure with cacheNoStore is still a network failure (a POST is not sent twice)', async () => {
    const { pipeline, calls } = setupPipeline(
      () => {
        throw new TypeError('fetch failed');
      },
      { cacheNoStore: true, attempts: 1 },
    );
    await expect(pipeline.send({ path: '/users', method: 'POST', json: {} })).rejects.toThrow();
    expect(calls.filter((c) => c.url.endsWith('/users'))).toHaveLength(1);
  });

  it('upper-cases the method', async () => {
    const { pipeline, calls } = setupPipeline(() => new Response('ok'));
    await pipeline.send({ path: '/x', method: 'delete' });
    expect(calls[0]?.method).toBe('DELETE');
  });
});

describe('headers', () => {
  it('sends the project headers and a fresh nonce on every attempt', async () => {
    const { pipeline, calls } = setupPipeline((_call, i) => (i === 0 ? Promise.reject(new TypeError('down')) : new Response('ok')));
    await pipeline.send({ path: '/projects/current' });
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.headers.get('x-stack-override-error-status')).toBe('true');
      expect(call.headers.get('x-stack-project-id')).toBe('proj-1');
      expect(call.headers.get('x-stack-access-type')).toBe('client');
      expect(call.headers.get('x-stack-publishable-client-key')).toBe('pck_1');
      expect(call.headers.get('x-stack-client-version')).toMatch(/^js /);
      expect(call.headers.get('x-stack-random-nonce')).toMatch(/^[0-9a-z]{45}$/);
      expect(call.headers.has('x-stack-access-token')).toBe(false);
      expect(call.headers.has('x-stack-secret-server-key')).toBe(false);
    }
    expect(calls[0]?.headers.get('x-stack-random-nonce')).not.toBe(calls[1]?.headers.get('x-stack-random-nonce'));
  });

  it('adds server and admin keys by access type', async () => {
    const server = setupPipeline(() => new Response('ok'), { accessType: 'server', secretServerKey: 'ssk', publishableClientKey: undefined });
    await server.pipeline.send({ path: '/users' });
    expect(server.calls[0]?.headers.get('x-stack-secret-server-key')).toBe('ssk');
    expect(server.calls[0]?.headers.has('x-stack-super-secret-admin-key')).toBe(false);
    expect(server.calls[0]?.headers.has('x-stack-publishable-client-key')).toBe(false);

    const admin = setupPipeline(() => new Response('ok'), { accessType: 'admin', secretServerKey: 'ssk', superSecretAdminKey: 'sak' });
    await admin.pipeline.send({ path: '/projects/current' });
    expect(admin.calls[0]?.headers.get('x-stack-access-type')).toBe('admin');
    expect(admin.calls[0]?.headers.get('x-stack-secret-server-key')).toBe('ssk');
    expect(admin.calls[0]?.headers.get('x-stack-super-secret-admin-key')).toBe('sak');
  });

  it('takes the access token from session.getTokens(20_000); the refresh token only with sendRefreshToken', async () => {
    const { pipeline, calls } = setupPipeline(() => new Response('ok'));
    const session = fakeSession(['at-1']);
    await pipeline.send({ path: '/users/me', session });
    expect(session.margins).toEqual([20_000]);
    expect(calls[0]?.headers.get('x-stack-access-token')).toBe('at-1');
    expect(calls[0]?.headers.has('x-stack-refresh-token')).toBe(false);

    await pipeline.send({ path: '/auth/sessions/current', method: 'DELETE', session, sendRefreshToken: true });
    expect(calls[1]?.headers.get('x-stack-access-token')).toBe('at-1');
    expect(calls[1]?.headers.get('x-stack-refresh-token')).toBe('rt-1');
  });

  it('sends no token headers when the session yields none, and drops caller token headers', async () => {
    const { pipeline, calls } = setupPipeline(() => new Response('ok'));
    await pipeline.send({
      path: '/users/me',
      session: fakeSession([]),
      sendRefreshToken: true,
      headers: { 'x-stack-access-token': 'forged', 'X-Stack-Refresh-Token': 'forged', 'x-extra': 'kept' },
    });
    expect(calls[0]?.headers.has('x-stack-access-token')).toBe(false);
    expect(calls[0]?.headers.has('x-stack-refresh-token')).toBe(false);
    expect(calls[0]?.headers.get('x-extra')).toBe('kept');
  });

  it('serialises json with content-type application/json', async () => {
    const { pipeline, calls } = setupPipeline(() => new Response('ok'));
    await pipeline.send({ path: '/users/me', method: 'PATCH', json: { display_name: 'A' } });
    expect(calls[0]?.init.body).toBe('{"display_name":"A"}');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('refuses a body on GET, or body and json together, before fetching', async () => {
    const { pipeline, calls } = setupPipeline(() => new Response('ok'));
    await expect(pipeline.send({ path: '/x', json: {} })).rejects.toThrow(TypeError);
    await expect(pipeline.send({ path: '/x', method: 'POST', json: {}, body: 'x' })).rejects.toThrow(TypeError);
    expect(calls).toHaveLength(0);
  });
});

describe('status override', () => {
  it('restores the real status and keeps headers and the unread body', async () => {
    const { pipeline } = setupPipeline(() => overriddenResponse(404, 'nope', { 'content-type': 'text/plain', 'x-stack-request-id': 'r1' }));
    const response = await pipeline.send({ path: '/missing' });
    expect(response.status).toBe(404);
    expect(response.headers.get('x-stack-request-id')).toBe('r1');
    expect(response.bodyUsed).toBe(false);
    expect(await response.text()).toBe('nope');
  });

  it('returns other errors as they are, without retrying', async () => {
    const { pipeline, calls, delays } = setupPipeline(() => knownErrorResponse('EMAIL_PASSWORD_MISMATCH'));
    const response = await pipeline.send({ path: '/auth/password/sign-in', method: 'POST', json: {} });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-stack-known-error')).toBe('EMAIL_PASSWORD_MISMATCH');
    expect(calls).toHaveLength(1);
    expect(delays).toEqual([]);

    const plain = setupPipeline(() => overriddenResponse(500, 'Something went wrong.'));
    expect((await plain.pipeline.send({ path: '/x' })).status).toBe(500);
    expect(plain.calls).toHaveLength(1);
  });
});

describe('sendJson', () => {
  const schema = { parse: (data: unknown) => data as { id: string } };

  it('parses and validates the JSON body', async () => {
    const { pipeline } = setupPipeline(() => Response.json({ id: 'u1' }));
    await expect(pipeline.sendJson({ path: '/users/me' }, schema)).resolves.toEqual({ id: 'u1' });
    const strict = { parse: () => { throw new Error('schema says no'); } };
    await expect(pipeline.sendJson({ path: '/users/me' }, strict)).rejects.toThrow('schema says no');
  });

  it('throws the decoded known error', async () => {
    const { pipeline } = setupPipeline(() => knownErrorResponse('USER_EMAIL_ALREADY_EXISTS'));
    const error = await pipeline.sendJson({ path: '/auth/password/sign-up', method: 'POST', json: {} }, schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KnownError);
    expect((error as KnownError).code).toBe('USER_EMAIL_ALREADY_EXISTS');
    expect((error as KnownError).status).toBe(409);
  });

  it('throws HttpError for another non-ok status', async () => {
    const { pipeline } = setupPipeline(() => overriddenResponse(403, 'Client team creation is disabled for this project'));
    const error = await pipeline.sendJson({ path: '/teams', method: 'POST', json: {} }, schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe(
      `Failed to send request to ${API}/api/v1/teams: 403 Client team creation is disabled for this project`,
    );
  });
});

it('re-exports isIdempotentMethod', () => {
  expect(isIdempotentMethod('POST')).toBe(false);
});

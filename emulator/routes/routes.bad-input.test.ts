// Wrong id formats, unknown fields and mistyped query parameters: the backend's SCHEMA_ERROR wording, and a sweep
// of every /api/v1 route with garbage for each access type that must never produce a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessType } from '../../runtime/protocol/headers.ts';
import { createTestEmulator, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';

let emu: TestEmulator;
let user: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  emu = await createTestEmulator();
  user = await signUp(emu);
});
afterAll(() => emu.close());

async function schemaErrorOf(res: Response): Promise<string[]> {
  expect(res.status).toBe(400);
  expect(res.headers.get('x-stack-known-error')).toBe('SCHEMA_ERROR');
  const body = (await res.json()) as { details: { message: string }; error: string };
  expect(body.error).toBe(body.details.message);
  return body.error.split('\n').slice(1).map((line) => line.replace(/^ {2}- /, ''));
}

describe('wrong id formats', () => {
  it('path ids must be UUIDs (or me where allowed)', async () => {
    expect(await schemaErrorOf(await emu.fetch('/api/v1/users/not-a-uuid', { accessType: 'server' }))).toEqual(['params.user_id must be a valid UUID']);
    expect(await schemaErrorOf(await emu.fetch('/api/v1/users/%ZZ', { accessType: 'server' }))).toEqual(['params.user_id must be a valid UUID']);
    expect(await schemaErrorOf(await emu.fetch('/api/v1/teams/123', { accessType: 'server' }))).toEqual(['params.team_id must be a valid UUID']);
    const channel = await emu.fetch('/api/v1/contact-channels/me/123', { accessType: 'client', headers: { 'x-stack-access-token': user.accessToken } });
    expect(await schemaErrorOf(channel)).toEqual(['params.contact_channel_id must be a valid UUID']);
  });

  it('query and body ids too', async () => {
    expect(await schemaErrorOf(await emu.fetch('/api/v1/contact-channels?user_id=abc', { accessType: 'server' }))).toEqual([
      'query.user_id must be a valid UUID',
    ]);
    expect(await schemaErrorOf(await emu.fetch('/api/v1/users?cursor=abc', { accessType: 'server' }))).toEqual(['query.cursor must be a valid UUID']);
    const session = await emu.fetch('/api/v1/auth/sessions', { method: 'POST', accessType: 'server', json: { user_id: 'abc' } });
    expect(await schemaErrorOf(session)).toEqual(['body.user_id must be a valid UUID']);
  });

  it('a well-formed id that does not exist is the not-found error, not a schema error', async () => {
    const res = await emu.fetch(`/api/v1/users/${crypto.randomUUID()}`, { accessType: 'server' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'USER_NOT_FOUND', error: 'User not found.' });
  });
});

describe('unknown fields and wrong types', () => {
  it('unknown body and query properties are rejected', async () => {
    const signIn = await emu.fetch('/api/v1/auth/password/sign-in', {
      method: 'POST',
      accessType: 'client',
      json: { email: user.email, password: user.password, remember_me: true },
    });
    expect(await schemaErrorOf(signIn)).toEqual(['body contains unknown properties: remember_me']);
    expect(await schemaErrorOf(await emu.fetch('/api/v1/users?foo=1&bar=2', { accessType: 'server' }))).toEqual([
      'query contains unknown properties: foo, bar',
    ]);
  });

  it('wrongly typed values', async () => {
    expect(await schemaErrorOf(await emu.fetch('/api/v1/users?limit=abc', { accessType: 'server' }))).toEqual([
      'query.limit must be a `number` type, but the final value was: `"abc"`.',
    ]);
    expect(await schemaErrorOf(await emu.fetch('/api/v1/users?desc=maybe', { accessType: 'server' }))).toEqual([
      'query.desc must be a `boolean` type, but the final value was: `"maybe"`.',
    ]);
    const created = await emu.fetch('/api/v1/users', { method: 'POST', accessType: 'server', json: { primary_email: 'nope', display_name: {} } });
    expect(await schemaErrorOf(created)).toEqual([
      expect.stringMatching(/^body\.display_name must be a `string` type/),
      'body.primary_email must be a valid email',
    ]);
  });

  it('the token endpoint answers OAuth-style errors for a malformed request', async () => {
    const array = await emu.fetch('/api/v1/auth/oauth/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' });
    expect(array.status).toBe(400);
    expect(await array.json()).toEqual({ error: 'invalid_request', error_description: 'Invalid request: content must be application/x-www-form-urlencoded' });
    const numeric = await emu.fetch('/api/v1/auth/oauth/token', { method: 'POST', json: { grant_type: 'refresh_token', client_id: 7 } });
    expect(await numeric.json()).toEqual({ error: 'invalid_request', error_description: 'Invalid parameter: `client_id`' });
    const form = await emu.fetch('/api/v1/auth/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token',
    });
    expect(form.status).toBe(400);
    expect(await form.json()).toEqual({ error: 'invalid_request', error_description: 'Missing parameter: `client_id`' });
  });

  it('garbage tokens in headers are the token errors', async () => {
    for (const token of ['garbage', 'a.b.c', 'x'.repeat(10_000)]) {
      const res = await emu.fetch('/api/v1/users/me', { accessType: 'client', headers: { 'x-stack-access-token': token } });
      expect(res.status).toBe(401);
      expect(res.headers.get('x-stack-known-error')).toBe('UNPARSABLE_ACCESS_TOKEN');
    }
    const refresh = await emu.fetch('/api/v1/auth/sessions/current/refresh', { method: 'POST', accessType: 'client', headers: { 'x-stack-refresh-token': '\u00e9'.repeat(100) } });
    expect(refresh.headers.get('x-stack-known-error')).toBe('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
  });
});

describe('every /api/v1 route with garbage', () => {
  const GARBAGE_QUERY = '?user_id=zzz&team_id=1&limit=x&cursor=y&desc=maybe&recursive=perhaps&contact_channel_id=%00&extra=1';
  const BODIES: [string, string][] = [
    ['application/json', '{"unknown":'],
    ['application/json', '[1,2,3]'],
    ['application/json', '{"unknown_field":1,"user_id":"me","email":42,"code":null}'],
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'a=1&b=2'],
  ];

  it('never answers a 500, and every error is a known error or plain text', async () => {
    const routes = emu.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/v1/'));
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    const headersFor = (type: AccessType): Record<string, string> => (type === 'client' ? { 'x-stack-access-token': user.accessToken, 'x-stack-refresh-token': user.refreshToken } : {});
    for (const route of routes) {
      const path = route.path.replace(/:[a-z_]+/g, (name) => (name === ':user_id' ? 'me' : 'not-a-uuid'));
      for (const accessType of ['client', 'server', 'admin'] as const) {
        const requests: { contentType?: string; body?: string; query: string }[] = [{ query: GARBAGE_QUERY }];
        if (route.method !== 'GET') for (const [contentType, body] of BODIES) requests.push({ contentType, body, query: '' });
        for (const r of requests) {
          const res = await emu.fetch(`${path}${r.query}`, {
            method: route.method,
            accessType,
            headers: { ...headersFor(accessType), ...(r.contentType ? { 'content-type': r.contentType } : {}) },
            ...(r.body === undefined ? {} : { body: r.body }),
          });
          const type = res.headers.get('content-type') ?? '';
          const known = res.headers.get('x-stack-known-error') !== null;
          const label = `${route.method} ${path}${r.query} [${accessType}] ${r.contentType ?? ''} ${r.body ?? ''} -> ${res.status}`;
          if (res.status >= 500) failures.push(`${label}: ${(await res.text()).slice(0, 200)}`);
          else if (res.status >= 400 && !known && !type.startsWith('text/plain') && !type.startsWith('application/json')) failures.push(`${label}: ${type}`);
          else await res.arrayBuffer();
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { CORS_HEADERS } from './headers.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
});
afterAll(() => emu.close());

const STACK_ALLOW_HEADERS =
  'content-type, authorization, x-stack-project-id, x-stack-override-error-status, x-stack-random-nonce, x-stack-client-version, x-stack-disable-artificial-development-delay, x-stack-access-type, x-stack-publishable-client-key, x-stack-secret-server-key, x-stack-super-secret-admin-key, x-stack-admin-access-token, x-stack-refresh-token, x-stack-access-token, baggage, sentry-trace';

describe('CORS', () => {
  it('answers any preflight with an empty 200, allowing exactly the 2.7 headers', async () => {
    const res = await emu.fetch('/api/v1/auth/password/sign-in', { method: 'OPTIONS', headers: { 'access-control-request-headers': 'x-stack-project-id' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(Object.fromEntries(res.headers)).toEqual({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      'access-control-max-age': '86400',
      'access-control-allow-headers': STACK_ALLOW_HEADERS,
      'access-control-expose-headers': 'content-type, x-stack-actual-status, x-stack-known-error, retry-after',
    });
  });

  it('a preflight announcing x-hexclave-* headers is allowed the x-hexclave-* names too', async () => {
    const res = await emu.fetch('/api/v1/auth/password/sign-in', { method: 'OPTIONS', headers: { 'access-control-request-headers': 'x-hexclave-project-id,content-type' } });
    expect(res.headers.get('access-control-allow-headers')).toBe(CORS_HEADERS['access-control-allow-headers']);
    expect(CORS_HEADERS['access-control-allow-headers']?.startsWith(`${STACK_ALLOW_HEADERS}, x-hexclave-project-id`)).toBe(true);
  });

  it('adds the CORS headers to every /api response', async () => {
    const res = await emu.fetch('/api/v1/nope');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toBe('content-type, x-stack-actual-status, x-stack-known-error, retry-after');
  });
});

describe('response headers and status override', () => {
  it('sets exactly the backend headers on a known error', async () => {
    const res = await emu.fetch('/api/v1/users/me', { accessType: 'client' });
    expect(res.status).toBe(400);
    const headers = Object.fromEntries(res.headers);
    expect(headers['x-stack-request-id']).toMatch(/^[0-9a-hjkmnp-tv-z]{16}$/);
    delete headers['x-stack-request-id'];
    for (const name of Object.keys(CORS_HEADERS)) delete headers[name];
    expect(headers).toEqual({
      'cache-control': 'no-store, max-age=0',
      'content-type': 'application/json; charset=utf-8',
      'x-stack-known-error': 'CANNOT_GET_OWN_USER_WITHOUT_USER',
    });
  });

  it('turns 400-599 into 200 with x-stack-actual-status when the override header is present', async () => {
    const res = await emu.fetch('/api/v1/users/me', { accessType: 'client', headers: { 'x-stack-override-error-status': 'true' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-stack-actual-status')).toBe('400');
    expect(res.headers.get('x-stack-known-error')).toBe('CANNOT_GET_OWN_USER_WITHOUT_USER');
    expect(await res.json()).toEqual({
      code: 'CANNOT_GET_OWN_USER_WITHOUT_USER',
      error: "You have specified 'me' as a userId, but did not provide authentication for a user.",
    });
  });

  it('overrides the 404 text of unknown routes too, and leaves 2xx alone', async () => {
    const notFound = await emu.fetch('/api/v1/does/not/exist', { headers: { 'x-stack-override-error-status': '' } });
    expect(notFound.status).toBe(200);
    expect(notFound.headers.get('x-stack-actual-status')).toBe('404');
    const ok = await emu.fetch('/api/v1', { headers: { 'x-stack-override-error-status': 'true' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-stack-actual-status')).toBeNull();
  });
});

describe('routing basics', () => {
  it('GET /api/v1 states the auth', async () => {
    const anon = await emu.fetch('/api/v1');
    expect(anon.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await anon.text()).toBe(
      'Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com.\n\nAuthentication: None',
    );
    const client = await emu.fetch('/api/v1', { accessType: 'client' });
    expect(await client.text()).toBe(
      'Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com.\n\nAuthentication: Client\n         Project: dfa45225-c0f9-490d-98d7-d2c978934c58\n         User: None',
    );
  });

  it('GET /api/v1 rejects query params', async () => {
    const res = await emu.fetch('/api/v1?extra=param');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'SCHEMA_ERROR',
      details: { message: 'Request validation failed on GET /api/v1:\n  - query contains unknown properties: extra' },
      error: 'Request validation failed on GET /api/v1:\n  - query contains unknown properties: extra',
    });
  });

  it('unknown /api paths answer the 404 text', async () => {
    const res = await emu.fetch('/api/v1/nope?x=1', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(
      "404 — this page does not exist in Stack Auth's API.\n\nPlease see the API documentation at https://docs.stack-auth.com, or visit the Stack Auth dashboard at https://app.stack-auth.com.\n\nURL: http://localhost:8102/api/v1/nope?x=1",
    );
  });

  it('GET /health', async () => {
    const res = await emu.fetch('/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});

describe('body parsing', () => {
  it('rejects bad JSON and unknown content types', async () => {
    const bad = await emu.fetch('/api/v1/auth/password/sign-in', {
      method: 'POST',
      accessType: 'client',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-stack-known-error')).toBe('BODY_PARSING_ERROR');
    expect(await bad.json()).toEqual({ code: 'BODY_PARSING_ERROR', error: 'Invalid JSON in request body' });

    const unknown = await emu.fetch('/api/v1/auth/password/sign-in', {
      method: 'POST',
      accessType: 'client',
      headers: { 'content-type': 'application/xml; charset=utf-8' },
      body: '<x/>',
    });
    expect(await unknown.json()).toEqual({ code: 'BODY_PARSING_ERROR', error: 'Unknown content type in request body: application/xml' });
  });

  it('parses the body before project auth', async () => {
    const res = await emu.fetch('/api/v1/auth/password/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-stack-access-type': 'nope' },
      body: '{',
    });
    expect(res.headers.get('x-stack-known-error')).toBe('BODY_PARSING_ERROR');
  });
});

describe('methods', () => {
  it('a known path with another method answers an empty 405', async () => {
    const res = await emu.fetch('/api/v1/auth/password/sign-in', { method: 'GET' });
    expect(res.status).toBe(405);
    expect(await res.text()).toBe('');
  });
});

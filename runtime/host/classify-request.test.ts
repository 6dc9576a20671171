import { describe, expect, it } from 'vitest';
import { classifyRequest } from './classify-request.ts';
import { hiddenMintingRequests } from '../../testing/runtime/hidden-endpoints.ts';

const API = 'http://localhost:8102';
const classify = (url: string, method = 'GET') => classifyRequest(new URL(url), method, API);

describe('classifyRequest', () => {
  it('claims only the configured origin and the /api/v1 prefix', () => {
    expect(classify('http://localhost:8102/api/v1/users/me')).toEqual({ kind: 'api', path: '/users/me' });
    expect(classify('http://localhost:8102/api/v1')).toEqual({ kind: 'api', path: '' });
    expect(classify('http://localhost:8102/api/v10/users')).toEqual({ kind: 'not-api' });
    expect(classify('http://localhost:8102/health')).toEqual({ kind: 'not-api' });
    expect(classify('http://localhost:9999/api/v1/users/me')).toEqual({ kind: 'not-api' });
    expect(classify('https://localhost:8102/api/v1/users/me')).toEqual({ kind: 'not-api' });
    expect(classify('http://evil.example/api/v1/users/me')).toEqual({ kind: 'not-api' });
  });

  it('keeps the query string', () => {
    expect(classify('http://localhost:8102/api/v1/teams?user_id=me')).toEqual({ kind: 'api', path: '/teams?user_id=me' });
  });

  it('honours a base path in the API URL', () => {
    const route = classifyRequest(new URL('https://example.com/auth/api/v1/users/me'), 'GET', 'https://example.com/auth');
    expect(route).toEqual({ kind: 'api', path: '/users/me' });
    expect(classifyRequest(new URL('https://example.com/api/v1/users/me'), 'GET', 'https://example.com/auth')).toEqual({ kind: 'not-api' });
  });

  it.each([
    ['/auth/oauth/token'],
    ['/auth/password/sign-in'],
    ['/auth/password/sign-up'],
    ['/auth/otp/sign-in'],
    ['/auth/mfa/sign-in'],
    ['/auth/passkey/sign-in'],
    ['/auth/sessions'],
    ['/auth/sessions/current/refresh'],
    ['/auth/password/sign-in/'],
  ])('refuses the token-minting endpoint %s from pages', (path) => {
    expect(classify(`${API}/api/v1${path}`, 'POST').kind).toBe('token-minting');
  });

  it.each([
    ['/auth/x/..%2fpassword/sign-in', 'token-minting'],
    ['/users/me/..%2f..%2fteams', 'non-canonical-path'],
    ['/auth/x/%2e%2e/password/sign-in', 'token-minting'],
    ['/auth//password/sign-in', 'token-minting'],
    ['/auth/password%2Fsign-in', 'token-minting'],
    ['/auth%5coauth%5ctoken', 'token-minting'],
    ['/users//me', 'non-canonical-path'],
  ])('normalises %s before the minting check (%s)', (path, kind) => {
    expect(classify(`${API}/api/v1${path}`, 'POST').kind).toBe(kind);
  });

  it.each(hiddenMintingRequests())('never forwards %s %s as a plain API call (the fetch route sees the URL as sent)', (method, path) => {
    expect(['token-minting', 'non-canonical-path']).toContain(classify(`${API}/api/v1${path}`, method).kind);
  });

  it('refuses a path outside the prefix that a decoding server resolves under it', () => {
    expect(classify(`${API}/api/v2/..%2fv1/auth/password/sign-in`, 'POST').kind).toBe('non-canonical-path');
  });

  it('recognises sign-out, the one page-reachable endpoint that reads the refresh token', () => {
    expect(classify(`${API}/api/v1/auth/sessions/current`, 'DELETE').kind).toBe('sign-out');
    expect(classify(`${API}/api/v1/auth/sessions/current`, 'GET').kind).toBe('api');
  });
});

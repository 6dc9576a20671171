import { describe, expect, it } from 'vitest';
import { corsDialect, corsHeaders, requestDialect, stackHeader } from './headers.ts';

// The 2.7 backend's CORS allow-list, verbatim.
const STACK_ALLOW_HEADERS =
  'content-type, authorization, x-stack-project-id, x-stack-override-error-status, x-stack-random-nonce, x-stack-client-version, x-stack-disable-artificial-development-delay, x-stack-access-type, x-stack-publishable-client-key, x-stack-secret-server-key, x-stack-super-secret-admin-key, x-stack-admin-access-token, x-stack-refresh-token, x-stack-access-token, baggage, sentry-trace';

// The headers the published 2.8 client sends.
const HEXCLAVE_SENT = [
  'x-hexclave-override-error-status',
  'x-hexclave-project-id',
  'x-hexclave-access-type',
  'x-hexclave-client-version',
  'x-hexclave-access-token',
  'x-hexclave-refresh-token',
  'x-hexclave-allow-anonymous-user',
  'x-hexclave-publishable-client-key',
  'x-hexclave-admin-access-token',
  'x-hexclave-random-nonce',
  'ngrok-skip-browser-warning',
  'x-hexclave-secret-server-key',
  'x-hexclave-super-secret-admin-key',
  'content-type',
];

const preflight = (requested: string) => new Headers({ 'access-control-request-method': 'POST', 'access-control-request-headers': requested });

describe('x-hexclave-* aliases', () => {
  it('reads either name, the x-hexclave one winning, and picks the dialect from any x-hexclave-* header', () => {
    expect(stackHeader(new Headers({ 'x-stack-project-id': 'a' }), 'project-id')).toBe('a');
    expect(stackHeader(new Headers({ 'x-stack-project-id': 'a', 'X-Hexclave-Project-Id': 'b' }), 'project-id')).toBe('b');
    expect(requestDialect(new Headers({ 'x-stack-project-id': 'a' }))).toBe('stack');
    expect(requestDialect(new Headers({ 'x-hexclave-random-nonce': 'n' }))).toBe('current');
  });
});

describe('CORS by dialect', () => {
  it('x-stack callers get exactly the 2.7 list, preflights included', () => {
    for (const headers of [new Headers(), new Headers({ 'x-stack-project-id': 'p' }), preflight('x-stack-project-id, x-stack-access-type, content-type')]) {
      expect(corsDialect(headers)).toBe('stack');
      expect(corsHeaders(headers)).toEqual({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
        'access-control-max-age': '86400',
        'access-control-allow-headers': STACK_ALLOW_HEADERS,
        'access-control-expose-headers': 'content-type, x-stack-actual-status, x-stack-known-error, retry-after',
      });
    }
  });

  it('a preflight announcing x-hexclave-* names, or an x-hexclave request, gets every name the 2.8 client sends', () => {
    for (const headers of [preflight('X-Hexclave-Project-Id,content-type'), preflight(HEXCLAVE_SENT.join(', ')), new Headers({ 'x-hexclave-project-id': 'p' })]) {
      expect(corsDialect(headers)).toBe('current');
      const allowed = (corsHeaders(headers)['access-control-allow-headers'] ?? '').split(', ');
      expect(allowed.slice(0, 16).join(', ')).toBe(STACK_ALLOW_HEADERS);
      for (const name of HEXCLAVE_SENT) expect(allowed).toContain(name);
    }
  });
});

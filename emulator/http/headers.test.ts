import { describe, expect, it } from 'vitest';
import { corsDialect, corsHeaders, mixesHeaderFamilies, requestDialect, stackHeader } from './headers.ts';

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
  it('reads either name, the x-hexclave one winning', () => {
    expect(stackHeader(new Headers({ 'x-stack-project-id': 'a' }), 'project-id')).toBe('a');
    expect(stackHeader(new Headers({ 'x-stack-project-id': 'a', 'X-Hexclave-Project-Id': 'b' }), 'project-id')).toBe('b');
  });
});

describe('the dialect of a request', () => {
  it('is the current one for x-stack-* and x-hexclave-* callers alike: the header names are not the dialect', () => {
    expect(requestDialect(new Headers({ 'x-stack-project-id': 'a' }))).toBe('current');
    expect(requestDialect(new Headers({ 'x-stack-client-version': 'js @stackframe/js@2.8.85' }))).toBe('current');
    expect(requestDialect(new Headers({ 'x-hexclave-random-nonce': 'n' }))).toBe('current');
    expect(requestDialect(new Headers())).toBe('current');
  });

  it('is 2.7 for a client version below 2.8, whatever the emulator default; x-hexclave-* is current even under --dialect 2.7', () => {
    for (const version of ['js @stackframe/stack@2.7.26', 'js @stackframe/js@2.7.0', 'js @stackframe/react@2.5.37']) {
      expect(requestDialect(new Headers({ 'x-stack-client-version': version }))).toBe('stack');
    }
    expect(requestDialect(new Headers({ 'x-stack-client-version': 'js authworker@0.2.0' }))).toBe('current');
    expect(requestDialect(new Headers({ 'x-stack-project-id': 'a' }), 'stack')).toBe('stack');
    expect(requestDialect(new Headers({ 'x-hexclave-project-id': 'a' }), 'stack')).toBe('current');
  });

  it('mixing the two families is current, and noticed', () => {
    const mixed = new Headers({ 'x-stack-project-id': 'a', 'x-hexclave-access-type': 'client', 'x-stack-client-version': 'js @stackframe/stack@2.7.26' });
    expect(requestDialect(mixed, 'stack')).toBe('current');
    expect(mixesHeaderFamilies(mixed)).toBe(true);
    expect(mixesHeaderFamilies(new Headers({ 'x-stack-project-id': 'a' }))).toBe(false);
  });
});

describe('CORS by dialect', () => {
  it('under --dialect 2.7, x-stack callers get exactly the 2.7 list, preflights included', () => {
    for (const headers of [new Headers(), new Headers({ 'x-stack-project-id': 'p' }), preflight('x-stack-project-id, x-stack-access-type, content-type')]) {
      expect(corsDialect(headers, 'stack')).toBe('stack');
      expect(corsHeaders(headers, {}, 'stack')).toEqual({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
        'access-control-max-age': '86400',
        'access-control-allow-headers': STACK_ALLOW_HEADERS,
        'access-control-expose-headers': 'content-type, x-stack-actual-status, x-stack-known-error, retry-after',
      });
    }
  });

  it('by default, and for a preflight announcing x-hexclave-* names or an x-hexclave request, every name the 2.8 client sends', () => {
    const requests = [preflight('X-Hexclave-Project-Id,content-type'), preflight(HEXCLAVE_SENT.join(', ')), new Headers({ 'x-hexclave-project-id': 'p' })];
    for (const headers of [...requests, preflight('x-stack-project-id, content-type'), new Headers()]) {
      expect(corsDialect(headers)).toBe('current');
      const allowed = (corsHeaders(headers)['access-control-allow-headers'] ?? '').split(', ');
      expect(allowed.slice(0, 16).join(', ')).toBe(STACK_ALLOW_HEADERS);
      for (const name of HEXCLAVE_SENT) expect(allowed).toContain(name);
    }
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_VERSION, CROCKFORD_BASE32_ALPHABET } from '../protocol/headers.ts';
import { buildRequestHeaders, type ProjectCredentials } from './request-headers.ts';

const tokens = { accessToken: 'at.jwt.sig', refreshToken: 'rt-opaque' };
const client: ProjectCredentials = { projectId: 'proj-1', accessType: 'client', publishableClientKey: 'pck_1' };
const noSession = { tokens: null, sendRefreshToken: false, jsonBody: false };

function names(headers: Headers): string[] {
  return [...headers.keys()].sort();
}

describe('buildRequestHeaders', () => {
  it('sends the always-on headers for a client app', () => {
    const headers = buildRequestHeaders(client, noSession);
    expect(headers.get('x-stack-override-error-status')).toBe('true');
    expect(headers.get('x-stack-project-id')).toBe('proj-1');
    expect(headers.get('x-stack-access-type')).toBe('client');
    expect(headers.get('x-stack-client-version')).toBe(CLIENT_VERSION);
    expect(headers.get('x-stack-publishable-client-key')).toBe('pck_1');
    expect(names(headers)).toEqual([
      'x-stack-access-type',
      'x-stack-client-version',
      'x-stack-override-error-status',
      'x-stack-project-id',
      'x-stack-publishable-client-key',
      'x-stack-random-nonce',
    ]);
  });

  it('draws a fresh 45-char Crockford base32 nonce every time', () => {
    const a = buildRequestHeaders(client, noSession).get('x-stack-random-nonce');
    const b = buildRequestHeaders(client, noSession).get('x-stack-random-nonce');
    expect(a).toMatch(new RegExp(`^[${CROCKFORD_BASE32_ALPHABET}]{45}$`));
    expect(b).toMatch(/^[0-9a-z]{45}$/);
    expect(a).not.toBe(b);
  });

  it('omits the publishable key when none is configured', () => {
    const headers = buildRequestHeaders({ projectId: 'p', accessType: 'client' }, noSession);
    expect(headers.has('x-stack-publishable-client-key')).toBe(false);
  });

  it('uses a configured client version', () => {
    const headers = buildRequestHeaders({ ...client, clientVersion: 'js my-app@1.2.3' }, noSession);
    expect(headers.get('x-stack-client-version')).toBe('js my-app@1.2.3');
  });

  it('adds the secret server key for server apps, never the admin key', () => {
    const headers = buildRequestHeaders({ projectId: 'p', accessType: 'server', secretServerKey: 'ssk_1' }, noSession);
    expect(headers.get('x-stack-secret-server-key')).toBe('ssk_1');
    expect(headers.has('x-stack-super-secret-admin-key')).toBe(false);
  });

  it('adds both keys for admin apps, as empty strings when not configured', () => {
    const keyed = buildRequestHeaders(
      { projectId: 'p', accessType: 'admin', secretServerKey: 'ssk', superSecretAdminKey: 'sak' },
      noSession,
    );
    expect(keyed.get('x-stack-secret-server-key')).toBe('ssk');
    expect(keyed.get('x-stack-super-secret-admin-key')).toBe('sak');
    const ownerSession = buildRequestHeaders({ projectId: 'p', accessType: 'admin' }, noSession);
    expect(ownerSession.get('x-stack-secret-server-key')).toBe('');
    expect(ownerSession.get('x-stack-super-secret-admin-key')).toBe('');
  });

  it('never sends server or admin keys from a client app, even if configured', () => {
    const headers = buildRequestHeaders({ ...client, secretServerKey: 'ssk', superSecretAdminKey: 'sak' }, noSession);
    expect(headers.has('x-stack-secret-server-key')).toBe(false);
    expect(headers.has('x-stack-super-secret-admin-key')).toBe(false);
  });

  it('sends the access token only with tokens, the refresh token only when asked', () => {
    const withTokens = buildRequestHeaders(client, { tokens, sendRefreshToken: false, jsonBody: false });
    expect(withTokens.get('x-stack-access-token')).toBe('at.jwt.sig');
    expect(withTokens.has('x-stack-refresh-token')).toBe(false);

    const signOut = buildRequestHeaders(client, { tokens, sendRefreshToken: true, jsonBody: false });
    expect(signOut.get('x-stack-refresh-token')).toBe('rt-opaque');

    const anonymous = buildRequestHeaders(client, { tokens: null, sendRefreshToken: true, jsonBody: false });
    expect(anonymous.has('x-stack-access-token')).toBe(false);
    expect(anonymous.has('x-stack-refresh-token')).toBe(false);
  });

  it('drops token headers from the caller (any case) but lets other caller headers override', () => {
    const headers = buildRequestHeaders(client, {
      tokens: null,
      sendRefreshToken: false,
      jsonBody: true,
      callerHeaders: {
        'X-Stack-Access-Token': 'forged',
        'x-stack-refresh-token': 'forged',
        'Content-Type': 'application/json; charset=utf-8',
        'x-custom': '1',
      },
    });
    expect(headers.has('x-stack-access-token')).toBe(false);
    expect(headers.has('x-stack-refresh-token')).toBe(false);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(headers.get('x-custom')).toBe('1');
  });

  it('replaces a caller token header with the session token', () => {
    const headers = buildRequestHeaders(client, {
      tokens,
      sendRefreshToken: false,
      jsonBody: false,
      callerHeaders: [['x-stack-access-token', 'forged']],
    });
    expect(headers.get('x-stack-access-token')).toBe('at.jwt.sig');
  });

  it('sets content-type application/json for JSON bodies only', () => {
    expect(buildRequestHeaders(client, { ...noSession, jsonBody: true }).get('content-type')).toBe('application/json');
    expect(buildRequestHeaders(client, noSession).has('content-type')).toBe(false);
  });

  describe('on the hot path', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('builds one Headers object per request from a lowercase record of caller headers (the worker passes one)', () => {
      let built = 0;
      vi.stubGlobal('Headers', new Proxy(Headers, { construct: (target, args, newTarget) => (built++, Reflect.construct(target, args, newTarget) as object) }));
      const headers = buildRequestHeaders(client, { tokens, sendRefreshToken: false, jsonBody: false, callerHeaders: { accept: 'application/json', 'x-stack-access-token': 'forged', 'x-custom': ' 1 ' } });
      expect(built).toBe(1);
      expect(headers.get('accept')).toBe('application/json');
      expect(headers.get('x-custom')).toBe('1');
      expect(headers.get('x-stack-access-token')).toBe('at.jwt.sig');
    });
  });
});

import { describe, expect, it } from 'vitest';
import { fakeClock, fakeFetch, instantSleep, knownErrorResponse, type FetchHandler } from '../../testing/runtime/http.ts';
import { KnownError, type KnownErrorCode } from '../protocol/errors/index.ts';
import { requestAuthorizationCodeGrant, requestRefreshGrant } from './refresh-grant.ts';

const API = 'https://api.example.com';

function setup(handler: FetchHandler) {
  const { sleep, delays } = instantSleep(fakeClock());
  const { fetch, calls } = fakeFetch(handler);
  const cfg = { apiUrl: `${API}/`, projectId: 'proj-1', publishableClientKey: 'pck_1', fetch, retry: { sleep, random: () => 0.5 } };
  return { cfg, calls, delays };
}

/** The token endpoint answers with real statuses: no override header is sent. */
function knownError(code: KnownErrorCode): Response {
  return knownErrorResponse(code, undefined, false);
}

const tokenBody = { access_token: 'new.jwt.token', token_type: 'Bearer', expires_in: 3600, scope: 'legacy' };

describe('requestRefreshGrant', () => {
  it('POSTs the form-encoded refresh grant with no x-stack headers and returns the access token', async () => {
    const { cfg, calls } = setup(() => Response.json(tokenBody));
    await expect(requestRefreshGrant(cfg, 'rt-secret')).resolves.toBe('new.jwt.token');
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.url).toBe(`${API}/api/v1/auth/oauth/token`);
    expect(call.method).toBe('POST');
    expect(call.init.credentials).toBe('omit');
    expect(call.headers.get('accept')).toBe('application/json');
    expect(call.headers.get('content-type')).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect([...call.headers.keys()].filter((name) => name.startsWith('x-stack-'))).toEqual([]);
    expect(Object.fromEntries(new URLSearchParams(String(call.init.body)))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt-secret',
      client_id: 'proj-1',
      client_secret: 'pck_1',
    });
  });

  it('accepts token_type bearer in any case and the optional fields oauth4webapi allows', async () => {
    for (const body of [
      { access_token: 'a', token_type: 'bearer' },
      { access_token: 'a', token_type: 'BEARER', expires_in: '600' },
      { access_token: 'a', token_type: 'Bearer', refresh_token: 'r', scope: '' },
    ]) {
      const { cfg } = setup(() => Response.json(body));
      await expect(requestRefreshGrant(cfg, 'rt')).resolves.toBe('a');
    }
  });

  it.each(['REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED', 'PROVIDER_REJECTED', 'CANNOT_DELETE_CURRENT_SESSION'] as const)(
    '%s (REFRESH_TOKEN_ERROR family) resolves to null without retrying',
    async (code) => {
      const { cfg, calls, delays } = setup(() => knownError(code));
      await expect(requestRefreshGrant(cfg, 'rt')).resolves.toBeNull();
      expect(calls).toHaveLength(1);
      expect(delays).toEqual([]);
    },
  );

  it('throws another known error after 5 attempts with the backoff delays', async () => {
    const { cfg, calls, delays } = setup(() => knownError('INVALID_OAUTH_CLIENT_ID_OR_SECRET'));
    const error = await requestRefreshGrant(cfg, 'rt').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KnownError);
    expect((error as KnownError).code).toBe('INVALID_OAUTH_CLIENT_ID_OR_SECRET');
    expect(calls).toHaveLength(5);
    expect(delays).toEqual([1000, 2000, 4000, 8000]);
  });

  it('throws "Failed to send refresh token request" for a non-200 without a known error', async () => {
    const { cfg } = setup(() => Response.json({ error: 'invalid_request', error_description: 'x' }, { status: 400 }));
    await expect(requestRefreshGrant(cfg, 'rt')).rejects.toThrow(
      'Failed to send refresh token request: 400 {"error":"invalid_request","error_description":"x"}',
    );
  });

  it('rejects a 2xx other than 200 and a body oauth4webapi would reject', async () => {
    for (const [status, body] of [
      [201, tokenBody],
      [200, { access_token: '', token_type: 'Bearer' }],
      [200, { access_token: 'a', token_type: 'mac' }],
      [200, { access_token: 'a' }],
      [200, { access_token: 'a', token_type: 'Bearer', expires_in: -1 }],
      [200, 'not json'],
    ] as const) {
      const { cfg } = setup(() => (typeof body === 'string' ? new Response(body, { status }) : Response.json(body, { status })));
      await expect(requestRefreshGrant(cfg, 'rt')).rejects.toThrow(/^Failed to send refresh token request/);
    }
  });

  it('retries network failures and succeeds', async () => {
    const { cfg, calls, delays } = setup((_c, i) => (i < 2 ? Promise.reject(new TypeError('fetch failed')) : Response.json(tokenBody)));
    await expect(requestRefreshGrant(cfg, 'rt')).resolves.toBe('new.jwt.token');
    expect(calls).toHaveLength(3);
    expect(delays).toEqual([1000, 2000]);
  });

  it('honours retry.attempts', async () => {
    const { cfg, calls } = setup(() => Promise.reject(new TypeError('fetch failed')));
    await expect(requestRefreshGrant({ ...cfg, retry: { ...cfg.retry, attempts: 2 } }, 'rt')).rejects.toThrow(TypeError);
    expect(calls).toHaveLength(2);
  });
});

describe('requestAuthorizationCodeGrant', () => {
  it('POSTs the code, redirect URI and PKCE verifier once, and returns the whole answer', async () => {
    const answer = { ...tokenBody, refresh_token: 'rt-new', is_new_user: true, after_callback_redirect_url: '/after' };
    const { cfg, calls } = setup(() => Response.json(answer));
    await expect(requestAuthorizationCodeGrant(cfg, { code: 'c', codeVerifier: 'v', redirectUri: 'https://app.example/cb' })).resolves.toEqual(answer);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`${API}/api/v1/auth/oauth/token`);
    expect(new URLSearchParams(String(calls[0]!.init.body)).toString()).toBe(
      'grant_type=authorization_code&code=c&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&code_verifier=v&client_id=proj-1&client_secret=pck_1',
    );
  });
});

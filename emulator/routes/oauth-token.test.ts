import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthorizationCode } from '../domain/oauth/flows.ts';
import type { Emulator } from '../index.ts';
import { createTestEmulator, projectHeaders, signUp, TEST_ORIGIN, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { DEMO_PROJECT, INTERNAL_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
});
afterAll(() => emu.close());

const refreshGrant = (fields: Record<string, string>) => tokenRequest(emu.app, fields);
const client = { client_id: DEMO_PROJECT.id, client_secret: DEMO_PROJECT.publishableClientKey };
const STACK_CLAIMS = ['aud', 'branchId', 'exp', 'iat', 'iss', 'sub'];
const HEXCLAVE_CLIENT = {
  'x-hexclave-project-id': DEMO_PROJECT.id,
  'x-hexclave-access-type': 'client',
  'x-hexclave-publishable-client-key': DEMO_PROJECT.publishableClientKey,
};
const REDIRECT_URI = 'http://localhost:3000/handler/oauth-callback';
const VERIFIER = 'v'.repeat(43);

/** The 2.8 claims of a fresh password user of the demo project. */
function currentClaims(o: { userId: string; email: string; refreshTokenId: unknown }) {
  return {
    sub: o.userId,
    aud: DEMO_PROJECT.id,
    iss: `http://localhost:8102/api/v1/projects/${DEMO_PROJECT.id}`,
    iat: expect.any(Number) as unknown,
    exp: expect.any(Number) as unknown,
    project_id: DEMO_PROJECT.id,
    branch_id: 'main',
    refresh_token_id: o.refreshTokenId,
    role: 'authenticated',
    name: null,
    email: o.email,
    email_verified: false,
    selected_team_id: null,
    signed_up_at: expect.any(Number) as unknown,
    is_anonymous: false,
    is_restricted: false,
    restricted_reason: null,
    requires_totp_mfa: false,
  };
}

/** An authorization code for `userId`, as the OAuth callback stores it (plain PKCE with VERIFIER). */
function authorizationCode(emulator: Emulator, userId: string): Promise<string> {
  const data = { projectId: DEMO_PROJECT.id, userId, redirectUri: REDIRECT_URI, codeChallenge: VERIFIER, codeChallengeMethod: 'plain', isNewUser: false, afterCallbackRedirectUrl: null };
  return createAuthorizationCode(emulator.db, data, emulator.clock.now());
}

function tokenRequest(app: Emulator['app'], fields: Record<string, string>) {
  return app.request(`${TEST_ORIGIN}/api/v1/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
  });
}

function exchangeCode(app: Emulator['app'], code: string) {
  return tokenRequest(app, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: VERIFIER, ...client });
}

describe('POST /auth/oauth/token (refresh grant)', () => {
  it('returns a fresh access token in the OAuth body, without a refresh token', async () => {
    const { refreshToken, userId } = await signUp(emu);
    const res = await refreshGrant({ refresh_token: refreshToken, grant_type: 'refresh_token', ...client });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({ access_token: expect.any(String) as unknown, token_type: 'Bearer', expires_in: 3599, scope: 'legacy' });
    const me = await emu.fetch('/api/v1/users/me', { accessType: 'client', headers: { 'x-stack-access-token': String(body.access_token) } });
    expect(((await me.json()) as { id: string }).id).toBe(userId);
  });

  it('refreshes a session an x-stack caller created with exactly the six 2.7 claims: the session decides (issue 12)', async () => {
    const { refreshToken, accessToken, userId } = await signUp(emu);
    expect(Object.keys(decodeJwt(accessToken)).sort()).toEqual(STACK_CLAIMS);
    for (const userAgent of [undefined, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0']) {
      const res = await emu.fetch('/api/v1/auth/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', ...(userAgent ? { 'user-agent': userAgent } : {}) },
        body: new URLSearchParams({ refresh_token: refreshToken, grant_type: 'refresh_token', ...client }).toString(),
      });
      const claims = decodeJwt(((await res.json()) as { access_token: string }).access_token);
      expect(Object.keys(claims).sort()).toEqual(STACK_CLAIMS);
      expect(claims).toMatchObject({ sub: userId, aud: DEMO_PROJECT.id, iss: 'https://access-token.jwt-signature.stack-auth.com', branchId: 'main' });
    }
  });

  it('a session of an x-hexclave caller refreshes with the 2.8 claim set', async () => {
    const { email, refreshToken, accessToken, userId } = await signUp(emu, { headers: HEXCLAVE_CLIENT });
    expect(decodeJwt(accessToken)).toMatchObject({ role: 'authenticated' });
    const res = await refreshGrant({ refresh_token: refreshToken, grant_type: 'refresh_token', ...client });
    const { access_token: fresh } = (await res.json()) as { access_token: string };
    const claims = decodeJwt(fresh);
    expect(claims).toEqual(currentClaims({ userId, email, refreshTokenId: decodeJwt(accessToken).refresh_token_id }));
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(600);
    // The same token works for x-stack callers too.
    const me = await emu.fetch('/api/v1/users/me', { accessType: 'client', headers: { 'x-stack-access-token': fresh } });
    expect(me.status).toBe(200);
  });

  it('the code grant answers a header-less request with the six 2.7 claims', async () => {
    const { userId } = await signUp(emu);
    const res = await exchangeCode(emu.app, await authorizationCode(emu, userId));
    expect(res.status).toBe(200);
    const claims = decodeJwt(((await res.json()) as { access_token: string }).access_token);
    expect(Object.keys(claims).sort()).toEqual(STACK_CLAIMS);
  });

  it('401 REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED with the real status for unknown tokens and other projects', async () => {
    const { refreshToken } = await signUp(emu);
    for (const fields of [
      { refresh_token: 'x'.repeat(45), grant_type: 'refresh_token', ...client },
      { refresh_token: refreshToken, grant_type: 'refresh_token', client_id: 'internal', client_secret: INTERNAL_PROJECT.publishableClientKey },
    ]) {
      const res = await refreshGrant(fields);
      expect(res.status).toBe(401);
      expect(res.headers.get('x-stack-known-error')).toBe('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
      expect(await res.json()).toEqual({
        code: 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED',
        error: 'Refresh token not found for this project, or the session has expired/been revoked.',
      });
    }
  });

  it('INVALID_OAUTH_CLIENT_ID_OR_SECRET for a wrong secret or project', async () => {
    const { refreshToken } = await signUp(emu);
    for (const [clientId, secret] of [
      [DEMO_PROJECT.id, DEMO_PROJECT.secretServerKey],
      ['no-such-project', DEMO_PROJECT.publishableClientKey],
    ] as const) {
      const res = await refreshGrant({ refresh_token: refreshToken, grant_type: 'refresh_token', client_id: clientId, client_secret: secret });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'INVALID_OAUTH_CLIENT_ID_OR_SECRET',
        details: { client_id: clientId },
        error: 'The OAuth client ID or secret is invalid. The client ID must be equal to the project ID, and the client secret must be a publishable client key.',
      });
    }
  });

  it('malformed requests get the OAuth library errors', async () => {
    expect(await (await refreshGrant({ grant_type: 'refresh_token', ...client })).json()).toEqual({
      error: 'invalid_request',
      error_description: 'Missing parameter: `refresh_token`',
    });
    expect(await (await refreshGrant({ grant_type: 'password', ...client })).json()).toEqual({
      error: 'unsupported_grant_type',
      error_description: 'Unsupported grant type: `grant_type` is invalid',
    });
    // JSON is accepted as well as a form (oauth-token-json.test.ts); other media types are not.
    const asText = await emu.fetch('/api/v1/auth/oauth/token', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'grant_type=refresh_token' });
    expect(asText.status).toBe(400);
    expect(await asText.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Invalid request: content must be application/x-www-form-urlencoded',
    });
  });

  it('expired access token -> ACCESS_TOKEN_EXPIRED -> one refresh grant -> success (clock advance, stats)', async () => {
    const { accessToken, refreshToken } = await signUp(emu);
    const issuedExp = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as { exp: number };
    await emu.app.request('http://localhost:8102/emulator/api/stats/reset', { method: 'POST' });
    const advanced = await emu.app.request('http://localhost:8102/emulator/api/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: 11 * 60 * 1000 }),
    });
    expect(advanced.status).toBe(200);

    const stale = await emu.fetch('/api/v1/users/me', { accessType: 'client', headers: { 'x-stack-access-token': accessToken } });
    expect(stale.status).toBe(401);
    expect(await stale.json()).toEqual({
      code: 'ACCESS_TOKEN_EXPIRED',
      details: { expired_at_millis: issuedExp.exp * 1000 },
      error: `Access token has expired. Please refresh it and try again. (The access token expired at ${new Date(issuedExp.exp * 1000).toISOString()}.)`,
    });

    const refreshed = await refreshGrant({ refresh_token: refreshToken, grant_type: 'refresh_token', ...client });
    const { access_token: fresh } = (await refreshed.json()) as { access_token: string };
    const me = await emu.fetch('/api/v1/users/me', { accessType: 'client', headers: { 'x-stack-access-token': fresh } });
    expect(me.status).toBe(200);

    const stats = (await (await emu.app.request('http://localhost:8102/emulator/api/stats')).json()) as {
      requests: Record<string, number>;
      refreshGrants: number;
    };
    expect(stats).toEqual({
      requests: { 'GET /api/v1/users/me': 2, 'POST /api/v1/auth/oauth/token': 1 },
      refreshGrants: 1,
    });
  });

  it('a refresh after sign-out fails: the token was revoked', async () => {
    const { accessToken, refreshToken } = await signUp(emu);
    const out = await emu.fetch('/api/v1/auth/sessions/current', {
      method: 'DELETE',
      accessType: 'client',
      headers: { 'x-stack-access-token': accessToken, 'x-stack-refresh-token': refreshToken },
      json: {},
    });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ success: true });
    const res = await refreshGrant({ refresh_token: refreshToken, grant_type: 'refresh_token', ...client });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-stack-known-error')).toBe('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
  });
});

describe('with hostedRefreshClaims (--hosted-refresh-claims): minted as the hosted service does', () => {
  let hosted: TestEmulator;
  beforeAll(async () => {
    hosted = await createTestEmulator({ dialect: '2.7', hostedRefreshClaims: true });
  });
  afterAll(() => hosted.close());

  async function signUpOnHosted(headers: Record<string, string>): Promise<{ email: string; accessToken: string; refreshToken: string; userId: string }> {
    const email = `hosted-${crypto.randomUUID()}@example.com`;
    const res = await hosted.app.request(`${TEST_ORIGIN}/api/v1/auth/password/sign-up`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'hunter2-password', verification_callback_url: 'http://localhost:3000/handler/email-verification' }),
    });
    const body = (await res.json()) as { access_token: string; refresh_token: string; user_id: string };
    return { email, accessToken: body.access_token, refreshToken: body.refresh_token, userId: body.user_id };
  }

  it('refreshes a session of an x-stack caller with the 2.8 claim set; the sign-in itself still answers in its dialect', async () => {
    const { email, accessToken, refreshToken, userId } = await signUpOnHosted(projectHeaders('client'));
    expect(Object.keys(decodeJwt(accessToken)).sort()).toEqual(STACK_CLAIMS);
    const res = await tokenRequest(hosted.app, { refresh_token: refreshToken, grant_type: 'refresh_token', ...client });
    expect(res.status).toBe(200);
    const claims = decodeJwt(((await res.json()) as { access_token: string }).access_token);
    expect(claims).toEqual(currentClaims({ userId, email, refreshTokenId: expect.any(String) as unknown }));
  });

  it('sessions of x-hexclave callers, and the code grant, get the 2.8 claim set too', async () => {
    const hexclave = await signUpOnHosted(HEXCLAVE_CLIENT);
    const refreshed = await tokenRequest(hosted.app, { refresh_token: hexclave.refreshToken, grant_type: 'refresh_token', ...client });
    expect(decodeJwt(((await refreshed.json()) as { access_token: string }).access_token)).toMatchObject({ role: 'authenticated', sub: hexclave.userId });
    const stack = await signUpOnHosted(projectHeaders('client'));
    const exchanged = await exchangeCode(hosted.app, await authorizationCode(hosted, stack.userId));
    const body = (await exchanged.json()) as { access_token: string; refresh_token: string };
    expect(decodeJwt(body.access_token)).toMatchObject({ role: 'authenticated', sub: stack.userId, email: stack.email });
  });
});


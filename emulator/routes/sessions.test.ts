import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT } from '../domain/seed.ts';
import { createTestEmulator, projectHeaders, signUp, TEST_ORIGIN, type TestEmulator } from '../../testing/emulator/emulator.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
});
afterAll(() => emu.close());

const REFRESH_ERROR = {
  code: 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED',
  error: 'Refresh token not found for this project, or the session has expired/been revoked.',
};
const DAY = 24 * 60 * 60 * 1000;
const STACK_CLAIMS = ['aud', 'branchId', 'exp', 'iat', 'iss', 'sub'];
const HEXCLAVE_CLIENT = {
  'x-hexclave-project-id': DEMO_PROJECT.id,
  'x-hexclave-access-type': 'client',
  'x-hexclave-publishable-client-key': DEMO_PROJECT.publishableClientKey,
};

const refreshSession = (refreshToken: string, headers: Record<string, string> = projectHeaders('client')) =>
  emu.fetch('/api/v1/auth/sessions/current/refresh', { method: 'POST', headers: { ...headers, 'x-stack-refresh-token': refreshToken } });

async function refreshedClaims(res: Response): Promise<Record<string, unknown>> {
  expect(res.status).toBe(200);
  return decodeJwt(((await res.json()) as { access_token: string }).access_token);
}

async function lastActive(userId: string): Promise<number> {
  const res = await emu.fetch(`/api/v1/users/${userId}`, { accessType: 'server' });
  return ((await res.json()) as { last_active_at_millis: number }).last_active_at_millis;
}

describe('POST /auth/sessions/current/refresh', () => {
  it('returns {access_token} for a live refresh token', async () => {
    const { refreshToken } = await signUp(emu);
    const res = await emu.fetch('/api/v1/auth/sessions/current/refresh', { method: 'POST', accessType: 'client', headers: { 'x-stack-refresh-token': refreshToken } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['access_token']);
  });

  it('requires the refresh-token header and a live token', async () => {
    const missing = await emu.fetch('/api/v1/auth/sessions/current/refresh', { method: 'POST', accessType: 'client' });
    const message = 'Request validation failed on POST /api/v1/auth/sessions/current/refresh:\n  - headers.x-stack-refresh-token must be defined';
    expect(await missing.json()).toEqual({ code: 'SCHEMA_ERROR', details: { message }, error: message });
    const unknown = await emu.fetch('/api/v1/auth/sessions/current/refresh', { method: 'POST', accessType: 'client', headers: { 'x-stack-refresh-token': 'nope' } });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual(REFRESH_ERROR);
  });

  it("mints in the dialect of the request that created the session, not of this request's", async () => {
    const stack = await signUp(emu);
    expect(Object.keys(await refreshedClaims(await refreshSession(stack.refreshToken, HEXCLAVE_CLIENT))).sort()).toEqual(STACK_CLAIMS);
    const hexclave = await signUp(emu, { headers: HEXCLAVE_CLIENT });
    expect(await refreshedClaims(await refreshSession(hexclave.refreshToken))).toMatchObject({ role: 'authenticated', sub: hexclave.userId });
  });

  it('a refresh token lives one year', async () => {
    const { refreshToken } = await signUp(emu);
    emu.clock.advance(366 * 24 * 60 * 60 * 1000);
    const res = await emu.fetch('/api/v1/auth/sessions/current/refresh', { method: 'POST', accessType: 'client', headers: { 'x-stack-refresh-token': refreshToken } });
    expect(res.status).toBe(401);
  });
});

describe('DELETE /auth/sessions/current', () => {
  it('revokes the refresh token; a second sign-out fails', async () => {
    const { refreshToken } = await signUp(emu);
    const init = { method: 'DELETE', accessType: 'client', headers: { 'x-stack-refresh-token': refreshToken }, json: {} } as const;
    expect(await (await emu.fetch('/api/v1/auth/sessions/current', init)).json()).toEqual({ success: true });
    const again = await emu.fetch('/api/v1/auth/sessions/current', init);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual(REFRESH_ERROR);
    const refresh = await emu.fetch('/api/v1/auth/sessions/current/refresh', { method: 'POST', accessType: 'client', headers: { 'x-stack-refresh-token': refreshToken } });
    expect(refresh.status).toBe(401);
  });

  it('requires the refresh-token header', async () => {
    const res = await emu.fetch('/api/v1/auth/sessions/current', { method: 'DELETE', accessType: 'client', json: {} });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(
      'Request validation failed on DELETE /api/v1/auth/sessions/current:\n  - headers.x-stack-refresh-token must be defined',
    );
  });
});

describe('POST /auth/sessions (server)', () => {
  it('creates a session for a user; unknown user -> USER_ID_DOES_NOT_EXIST; client -> INSUFFICIENT_ACCESS_TYPE', async () => {
    const { userId } = await signUp(emu);
    const ok = await emu.fetch('/api/v1/auth/sessions', { method: 'POST', accessType: 'server', json: { user_id: userId } });
    expect(ok.status).toBe(200);
    expect(Object.keys((await ok.json()) as object).sort()).toEqual(['access_token', 'refresh_token']);
    const missingId = '6a0f1b4e-3d1c-4a9b-8e2f-7c5d0a1b2c3d';
    const unknown = await emu.fetch('/api/v1/auth/sessions', { method: 'POST', accessType: 'server', json: { user_id: missingId } });
    expect(await unknown.json()).toEqual({
      code: 'USER_ID_DOES_NOT_EXIST',
      details: { user_id: missingId },
      error: `The given user with the ID ${missingId} does not exist.`,
    });
    const client = await emu.fetch('/api/v1/auth/sessions', { method: 'POST', accessType: 'client', json: { user_id: userId } });
    expect(client.status).toBe(401);
    expect(await client.json()).toEqual({
      code: 'INSUFFICIENT_ACCESS_TYPE',
      details: { actual_access_type: 'client', allowed_access_types: ['server', 'admin'] },
      error: "The x-stack-access-type header must be 'server' or 'admin', but was 'client'.",
    });
  });
});

describe('POST /auth/sessions: expires_in_millis', () => {
  const createSession = (json: Record<string, unknown>) => emu.fetch('/api/v1/auth/sessions', { method: 'POST', accessType: 'server', json });

  it('defaults to one year', async () => {
    const { userId } = await signUp(emu);
    const { refresh_token: refreshToken } = (await (await createSession({ user_id: userId })).json()) as { refresh_token: string };
    emu.clock.advance(365 * DAY - 60_000);
    expect((await refreshSession(refreshToken)).status).toBe(200);
    emu.clock.advance(120_000);
    expect(await (await refreshSession(refreshToken)).json()).toEqual(REFRESH_ERROR);
  });

  it('lasts exactly as long as asked', async () => {
    const { userId } = await signUp(emu);
    const { refresh_token: refreshToken } = (await (await createSession({ user_id: userId, expires_in_millis: 60_000 })).json()) as { refresh_token: string };
    emu.clock.advance(59_000);
    expect((await refreshSession(refreshToken)).status).toBe(200);
    emu.clock.advance(2_000);
    expect((await refreshSession(refreshToken)).status).toBe(401);
  });

  it('accepts up to 367 days; above that SCHEMA_ERROR', async () => {
    const { userId } = await signUp(emu);
    expect((await createSession({ user_id: userId, expires_in_millis: 367 * DAY })).status).toBe(200);
    const tooLong = await createSession({ user_id: userId, expires_in_millis: 367 * DAY + 1 });
    expect(tooLong.status).toBe(400);
    const message = 'Request validation failed on POST /api/v1/auth/sessions:\n  - body.expires_in_millis must be less than or equal to 31708800000';
    expect(await tooLong.json()).toEqual({ code: 'SCHEMA_ERROR', details: { message }, error: message });
  });
});

describe('last_active_at_millis follows token issuance', () => {
  it('moves on sign-in, session refresh, refresh grant and server-created sessions; stays put otherwise', async () => {
    const before = emu.clock.now();
    const u = await signUp(emu);
    const signedUp = await lastActive(u.userId);
    expect(signedUp).toBeGreaterThanOrEqual(before);
    expect(signedUp).toBeLessThanOrEqual(emu.clock.now());

    // Reading and updating the user issue no token.
    emu.clock.advance(60_000);
    await emu.fetch('/api/v1/users/me', { accessType: 'client', headers: { 'x-stack-access-token': u.accessToken } });
    await emu.fetch('/api/v1/users/me', { method: 'PATCH', accessType: 'client', headers: { 'x-stack-access-token': u.accessToken }, json: { display_name: 'Still' } });
    expect(await lastActive(u.userId)).toBe(signedUp);

    const issuers: [string, () => Promise<Response>][] = [
      ['sign-in', () => emu.fetch('/api/v1/auth/password/sign-in', { method: 'POST', accessType: 'client', json: { email: u.email, password: u.password } })],
      ['session refresh', () => refreshSession(u.refreshToken)],
      [
        'refresh grant',
        () =>
          emu.fetch('/api/v1/auth/oauth/token', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: u.refreshToken, client_id: DEMO_PROJECT.id, client_secret: DEMO_PROJECT.publishableClientKey }).toString(),
          }),
      ],
      ['server session', () => emu.fetch('/api/v1/auth/sessions', { method: 'POST', accessType: 'server', json: { user_id: u.userId } })],
    ];
    let previous = signedUp;
    for (const [name, issue] of issuers) {
      emu.clock.advance(60_000);
      const issuedFrom = emu.clock.now();
      expect((await issue()).status, name).toBe(200);
      const now = await lastActive(u.userId);
      expect(now, name).toBeGreaterThanOrEqual(Math.max(issuedFrom, previous + 60_000));
      expect(now, name).toBeLessThanOrEqual(emu.clock.now());
      previous = now;
    }
    // A failed sign-in issues nothing.
    emu.clock.advance(60_000);
    await emu.fetch('/api/v1/auth/password/sign-in', { method: 'POST', accessType: 'client', json: { email: u.email, password: 'wrong-password' } });
    expect(await lastActive(u.userId)).toBe(previous);
  });
});

describe('with hostedRefreshClaims (--hosted-refresh-claims)', () => {
  let hosted: TestEmulator;
  beforeAll(async () => {
    hosted = await createTestEmulator({ dialect: '2.7', hostedRefreshClaims: true });
  });
  afterAll(() => hosted.close());

  it('/auth/sessions/current/refresh mints the 2.8 claim set for a session an x-stack caller created', async () => {
    const json = (headers: Record<string, string>, body: unknown) => ({ method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const email = `hosted-${crypto.randomUUID()}@example.com`;
    const signedUp = await hosted.app.request(
      `${TEST_ORIGIN}/api/v1/auth/password/sign-up`,
      json(projectHeaders('client'), { email, password: 'hunter2-password', verification_callback_url: 'http://localhost:3000/handler/email-verification' }),
    );
    const { access_token: accessToken, refresh_token: refreshToken } = (await signedUp.json()) as { access_token: string; refresh_token: string };
    expect(Object.keys(decodeJwt(accessToken)).sort()).toEqual(STACK_CLAIMS);
    for (const headers of [projectHeaders('client'), HEXCLAVE_CLIENT]) {
      const res = await hosted.app.request(`${TEST_ORIGIN}/api/v1/auth/sessions/current/refresh`, { method: 'POST', headers: { ...headers, 'x-stack-refresh-token': refreshToken } });
      expect(await refreshedClaims(res)).toMatchObject({ role: 'authenticated', email, project_id: DEMO_PROJECT.id });
    }
  });
});


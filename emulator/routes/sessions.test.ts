import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, signUp, type TestEmulator } from '../test-support/emulator.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

const REFRESH_ERROR = {
  code: 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED',
  error: 'Refresh token not found for this project, or the session has expired/been revoked.',
};

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

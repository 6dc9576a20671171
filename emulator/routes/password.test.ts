import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, setProjectConfig, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { DEMO_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
});
afterAll(() => emu.close());

const CALLBACK = 'http://localhost:3000/handler/email-verification';

function signUpRequest(body: unknown, headers?: Record<string, string>) {
  return emu.fetch('/api/v1/auth/password/sign-up', { method: 'POST', accessType: 'client', json: body, ...(headers ? { headers } : {}) });
}
function signInRequest(body: unknown) {
  return emu.fetch('/api/v1/auth/password/sign-in', { method: 'POST', accessType: 'client', json: body });
}
async function setConfig(patch: Record<string, boolean>) {
  await setProjectConfig(emu, DEMO_PROJECT.id, patch);
}

describe('POST /auth/password/sign-up', () => {
  it('creates the user and returns exactly {access_token, refresh_token, user_id}', async () => {
    const res = await signUpRequest({ email: 'new@example.com', password: 'password123', verification_callback_url: CALLBACK });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'refresh_token', 'user_id']);
    expect(body.refresh_token).toMatch(/^[0-9a-hjkmnp-tv-z]{45}$/);
    expect(body.user_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('issues an ES256 JWT with exactly the six 2.7 claims, verifiable with the project JWKS', async () => {
    const before = emu.clock.now();
    const { accessToken, userId } = await signUp(emu);
    const after = emu.clock.now();
    const header = decodeProtectedHeader(accessToken);
    expect(header).toEqual({ alg: 'ES256', kid: expect.stringMatching(/^.{12}$/) as unknown });
    const jwks = (await (await emu.fetch(`/api/v1/projects/${DEMO_PROJECT.id}/.well-known/jwks.json`)).json()) as { keys: [] };
    const { payload } = await jwtVerify(accessToken, createLocalJWKSet(jwks), { currentDate: new Date(emu.clock.now()) });
    expect(Object.keys(payload).sort()).toEqual(['aud', 'branchId', 'exp', 'iat', 'iss', 'sub']);
    expect(payload).toMatchObject({ sub: userId, aud: DEMO_PROJECT.id, iss: 'https://access-token.jwt-signature.stack-auth.com', branchId: 'main' });
    // Issued during the sign-up (a bcrypt hash can take seconds on a loaded machine).
    expect(payload.iat).toBeGreaterThanOrEqual(Math.floor(before / 1000));
    expect(payload.iat).toBeLessThanOrEqual(Math.ceil(after / 1000));
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(600);
  });

  it('issues the 2.8 claim set to x-hexclave callers', async () => {
    const res = await emu.fetch('/api/v1/auth/password/sign-up', {
      method: 'POST',
      headers: {
        'x-hexclave-project-id': DEMO_PROJECT.id,
        'x-hexclave-access-type': 'client',
        'x-hexclave-publishable-client-key': DEMO_PROJECT.publishableClientKey,
      },
      json: { email: 'hexclave@example.com', password: 'password123' },
    });
    expect(res.status).toBe(200);
    const { access_token: token, user_id: userId } = (await res.json()) as Record<string, string>;
    const { decodeJwt } = await import('jose');
    const claims = decodeJwt(token ?? '');
    expect(claims).toMatchObject({
      sub: userId,
      aud: DEMO_PROJECT.id,
      iss: `http://localhost:8102/api/v1/projects/${DEMO_PROJECT.id}`,
      project_id: DEMO_PROJECT.id,
      branch_id: 'main',
      role: 'authenticated',
      name: null,
      email: 'hexclave@example.com',
      email_verified: false,
      selected_team_id: null,
      is_anonymous: false,
      is_restricted: false,
      restricted_reason: null,
      requires_totp_mfa: false,
    });
    expect(typeof claims.refresh_token_id).toBe('string');
    expect(typeof claims.signed_up_at).toBe('number');
  });

  it('rejects a used e-mail with 409 USER_EMAIL_ALREADY_EXISTS', async () => {
    const { email } = await signUp(emu);
    const res = await signUpRequest({ email, password: 'password123', verification_callback_url: CALLBACK });
    expect(res.status).toBe(409);
    expect(res.headers.get('x-stack-known-error')).toBe('USER_EMAIL_ALREADY_EXISTS');
    expect(await res.json()).toEqual({ code: 'USER_EMAIL_ALREADY_EXISTS', error: 'User email already exists.' });
  });

  it('PASSWORD_TOO_SHORT below 8, SCHEMA_ERROR above 70', async () => {
    const short = await signUpRequest({ email: 'short@example.com', password: 'short', verification_callback_url: CALLBACK });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ code: 'PASSWORD_TOO_SHORT', details: { min_length: 8 }, error: 'Password too short. Minimum length is 8.' });
    const long = await signUpRequest({ email: 'long@example.com', password: 'x'.repeat(71), verification_callback_url: CALLBACK });
    const message = 'Request validation failed on POST /api/v1/auth/password/sign-up:\n  - body.password must be at most 70 characters';
    expect(await long.json()).toEqual({ code: 'SCHEMA_ERROR', details: { message }, error: message });
  });

  it('strict e-mail check and required fields', async () => {
    const res = await signUpRequest({ email: 'a@localhost', password: 'password123' });
    const message =
      'Request validation failed on POST /api/v1/auth/password/sign-up:\n  - body.email must be a valid email\n  - body.verification_callback_url must be defined';
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'SCHEMA_ERROR', details: { message }, error: message });
    const extra = await signUpRequest({ email: 'a@b.co', password: 'password123', verification_callback_url: CALLBACK, name: 'x' });
    expect(((await extra.json()) as { error: string }).error).toBe(
      'Request validation failed on POST /api/v1/auth/password/sign-up:\n  - body contains unknown properties: name',
    );
  });

  it('SIGN_UP_NOT_ENABLED and PASSWORD_AUTHENTICATION_NOT_ENABLED', async () => {
    await setConfig({ sign_up_enabled: false });
    const closed = await signUpRequest({ email: 'closed@example.com', password: 'password123', verification_callback_url: CALLBACK });
    expect(await closed.json()).toEqual({
      code: 'SIGN_UP_NOT_ENABLED',
      error: 'Creation of new accounts is not enabled for this project. Please ask the project owner to enable it.',
    });
    await setConfig({ sign_up_enabled: true, credential_enabled: false });
    const noPassword = await signUpRequest({ email: 'closed@example.com', password: 'password123', verification_callback_url: CALLBACK });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toEqual({
      code: 'PASSWORD_AUTHENTICATION_NOT_ENABLED',
      error: 'Password authentication is not enabled for this project.',
    });
    const signIn = await signInRequest({ email: 'closed@example.com', password: 'password123' });
    expect(((await signIn.json()) as { code: string }).code).toBe('PASSWORD_AUTHENTICATION_NOT_ENABLED');
    await setConfig({ credential_enabled: true });
  });
});

describe('POST /auth/password/sign-in', () => {
  it('signs in with the right password', async () => {
    const { email, password, userId } = await signUp(emu);
    const res = await signInRequest({ email, password });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'refresh_token', 'user_id']);
    expect(body.user_id).toBe(userId);
  });

  it('EMAIL_PASSWORD_MISMATCH for a wrong password and for an unknown e-mail', async () => {
    const { email } = await signUp(emu);
    for (const body of [{ email, password: 'wrong-password' }, { email: 'nobody@example.com', password: 'whatever1' }]) {
      const res = await signInRequest(body);
      expect(res.status).toBe(400);
      expect(res.headers.get('x-stack-known-error')).toBe('EMAIL_PASSWORD_MISMATCH');
      expect(await res.json()).toEqual({ code: 'EMAIL_PASSWORD_MISMATCH', error: 'Wrong e-mail or password.' });
    }
  });

  it('SCHEMA_ERROR for a missing e-mail', async () => {
    const res = await signInRequest({ password: 'whatever1' });
    const message = 'Request validation failed on POST /api/v1/auth/password/sign-in:\n  - body.email must be defined';
    expect(await res.json()).toEqual({ code: 'SCHEMA_ERROR', details: { message }, error: message });
  });
});

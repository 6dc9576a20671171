import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTotp } from '../domain/totp.ts';
import { createTestEmulator, latestCode, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { call, errorCode } from '../../testing/emulator/requests.ts';
import { DEMO_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
});
afterAll(() => emu.close());

const SECRET = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(20))));

async function userWithTotp() {
  const u = await signUp(emu);
  const patched = await call(emu, 'PATCH', '/users/me', { token: u.accessToken, json: { totp_secret_base64: SECRET } });
  expect(patched.body).toMatchObject({ requires_totp_mfa: true });
  return u;
}

async function attemptCode(path: string, json: unknown): Promise<string> {
  const r = await call(emu, 'POST', path, { json });
  expect(r.status).toBe(400);
  const body = r.body as { code: string; details: { attempt_code: string }; error: string };
  expect(body).toEqual({
    code: 'MULTI_FACTOR_AUTHENTICATION_REQUIRED',
    details: { attempt_code: expect.any(String) },
    error: 'Multi-factor authentication is required for this user.',
  });
  expect(body.details.attempt_code).toHaveLength(45);
  return body.details.attempt_code;
}

describe('MFA (TOTP)', () => {
  it('password sign-in asks for the second factor; a wrong TOTP fails, a right one signs in', async () => {
    const u = await userWithTotp();
    const code = await attemptCode('/auth/password/sign-in', { email: u.email, password: u.password });
    const wrong = await call(emu, 'POST', '/auth/mfa/sign-in', { json: { code, type: 'totp', totp: (await generateTotp(SECRET, emu.clock.now())) === '000000' ? '111111' : '000000' } });
    expect(wrong.body).toEqual({ code: 'INVALID_TOTP_CODE', error: 'The TOTP code is invalid. Please try again.' });
    const again = await attemptCode('/auth/password/sign-in', { email: u.email, password: u.password });
    const ok = await call(emu, 'POST', '/auth/mfa/sign-in', { json: { code: again, type: 'totp', totp: await generateTotp(SECRET, emu.clock.now()) } });
    expect(ok.body).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), is_new_user: false, user_id: u.userId });
    expect(Object.keys(ok.body as object)).toEqual(['access_token', 'refresh_token', 'is_new_user', 'user_id']);
  });

  it('OTP sign-in is gated too; attempt codes expire after 5 minutes', async () => {
    const email = `otp-${crypto.randomUUID()}@example.com`;
    const sendCode = () => call(emu, 'POST', '/auth/otp/send-sign-in-code', { json: { email, callback_url: 'http://localhost:3000/handler/magic-link-callback' } });
    await sendCode();
    const first = (await call(emu, 'POST', '/auth/otp/sign-in', { json: { code: await latestCode(emu, email) } })).body as { access_token: string };
    await call(emu, 'PATCH', '/users/me', { token: first.access_token, json: { totp_secret_base64: SECRET } });
    await sendCode();
    const code = await attemptCode('/auth/otp/sign-in', { code: await latestCode(emu, email) });
    emu.clock.advance(5 * 60 * 1000 + 1);
    const late = await call(emu, 'POST', '/auth/mfa/sign-in', { json: { code, type: 'totp', totp: await generateTotp(SECRET, emu.clock.now()) } });
    expect(errorCode(late)).toBe('VERIFICATION_CODE_EXPIRED');
  });

  it('null disables MFA; bad base64 is a schema error', async () => {
    const u = await userWithTotp();
    expect((await call(emu, 'PATCH', '/users/me', { token: u.accessToken, json: { totp_secret_base64: null } })).body).toMatchObject({ requires_totp_mfa: false });
    expect((await call(emu, 'POST', '/auth/password/sign-in', { json: { email: u.email, password: u.password } })).status).toBe(200);
    const bad = await call(emu, 'PATCH', '/users/me', { token: u.accessToken, json: { totp_secret_base64: 'not base64!' } });
    expect((bad.body as { error: string }).error).toBe('Request validation failed on PATCH /api/v1/users/me:\n  - body.totp_secret_base64 is not valid base64');
    // POST /users checks it too; the current dialect words it "Invalid base64 format".
    const created = await call(emu, 'POST', '/users', { accessType: 'server', json: { totp_secret_base64: '***' } });
    expect((created.body as { error: string }).error).toBe('Request validation failed on POST /api/v1/users:\n  - body.totp_secret_base64 is not valid base64');
    const hexclave = { 'x-hexclave-project-id': DEMO_PROJECT.id, 'x-hexclave-access-type': 'client', 'x-hexclave-publishable-client-key': DEMO_PROJECT.publishableClientKey };
    const current = await emu.fetch('/api/v1/users/me', { method: 'PATCH', headers: { ...hexclave, 'x-hexclave-access-token': u.accessToken }, json: { totp_secret_base64: 'not base64!' } });
    expect(((await current.json()) as { error: string }).error).toBe('Request validation failed on PATCH /api/v1/users/me:\n  - Invalid base64 format');
    const badType = await call(emu, 'POST', '/auth/mfa/sign-in', { json: { code: 'x'.repeat(45), type: 'sms', totp: '123456' } });
    expect(errorCode(badType)).toBe('SCHEMA_ERROR');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, latestCode, outbox, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

const CALLBACK = 'http://localhost:3000/handler/password-reset';
const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  emu.fetch(`/api/v1${path}`, { method: 'POST', accessType: 'client', json, headers });
const body = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });

/** A user without a password: signed up by magic link. */
async function passwordlessUser(): Promise<{ email: string; accessToken: string }> {
  const email = `otp-${crypto.randomUUID()}@example.com`;
  await post('/auth/otp/send-sign-in-code', { email, callback_url: 'http://localhost:3000/handler/magic-link-callback' });
  const signedIn = (await (await post('/auth/otp/sign-in', { code: await latestCode(emu, email) })).json()) as { access_token: string };
  return { email, accessToken: signedIn.access_token };
}

const admin = (method: string, path: string, json?: unknown) =>
  emu.fetch(`/api/v1${path}`, { method, accessType: 'admin', ...(json === undefined ? {} : { json }) });

describe('POST /auth/password/update', () => {
  it('changes the password and revokes the other sessions only', async () => {
    const u = await signUp(emu);
    const other = (await (await post('/auth/password/sign-in', { email: u.email, password: u.password })).json()) as { refresh_token: string };
    const res = await post(
      '/auth/password/update',
      { old_password: u.password, new_password: 'brand-new-password' },
      { 'x-stack-access-token': u.accessToken, 'x-stack-refresh-token': u.refreshToken },
    );
    expect(await body(res)).toEqual({ status: 200, body: { success: true } });
    const refresh = (token: string) =>
      emu.fetch('/api/v1/auth/sessions/current/refresh', { method: 'POST', accessType: 'client', headers: { 'x-stack-refresh-token': token } });
    expect((await refresh(u.refreshToken)).status).toBe(200);
    expect((await refresh(other.refresh_token)).status).toBe(401);
    expect((await post('/auth/password/sign-in', { email: u.email, password: 'brand-new-password' })).status).toBe(200);
  });

  it('errors: wrong old password, too short, no user', async () => {
    const u = await signUp(emu);
    const auth = { 'x-stack-access-token': u.accessToken };
    expect(await body(await post('/auth/password/update', { old_password: 'wrong-password', new_password: 'brand-new-password' }, auth))).toEqual({
      status: 400,
      body: { code: 'PASSWORD_CONFIRMATION_MISMATCH', error: 'Passwords do not match.' },
    });
    expect(await body(await post('/auth/password/update', { old_password: u.password, new_password: 'short' }, auth))).toEqual({
      status: 400,
      body: { code: 'PASSWORD_TOO_SHORT', details: { min_length: 8 }, error: 'Password too short. Minimum length is 8.' },
    });
    const message = 'Request validation failed on POST /api/v1/auth/password/update:\n  - auth.user must be defined\n  - body.old_password must be defined';
    expect(await body(await post('/auth/password/update', { new_password: 'brand-new-password' }))).toEqual({
      status: 400,
      body: { code: 'SCHEMA_ERROR', details: { message }, error: message },
    });
  });
  it('USER_DOES_NOT_HAVE_PASSWORD for a user without one (an OTP user)', async () => {
    const { accessToken } = await passwordlessUser();
    expect(await body(await post('/auth/password/update', { old_password: 'whatever-password', new_password: 'brand-new-password' }, { 'x-stack-access-token': accessToken }))).toEqual({
      status: 400,
      body: { code: 'USER_DOES_NOT_HAVE_PASSWORD', error: 'This user does not have password authentication enabled.' },
    });
  });
});

describe('POST /auth/password/set', () => {
  it('sets a first password: {success:true}, has_password, and password sign-in works', async () => {
    const { email, accessToken } = await passwordlessUser();
    expect(await body(await post('/auth/password/set', { password: 'first-password' }, { 'x-stack-access-token': accessToken }))).toEqual({
      status: 200,
      body: { success: true },
    });
    const me = await emu.fetch('/api/v1/users/me', { accessType: 'client', headers: { 'x-stack-access-token': accessToken } });
    expect(await me.json()).toMatchObject({ has_password: true, otp_auth_enabled: true });
    expect((await post('/auth/password/sign-in', { email, password: 'first-password' })).status).toBe(200);
  });

  it('refuses when the user already has a password', async () => {
    const u = await signUp(emu);
    const res = await post('/auth/password/set', { password: 'another-password' }, { 'x-stack-access-token': u.accessToken });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('User already has a password set.');
  });
});

describe('password reset', () => {
  it('send-reset-code -> e-mail -> check-code -> reset -> all sessions revoked', async () => {
    const u = await signUp(emu);
    const before = emu.clock.now();
    const sent = await post('/auth/password/send-reset-code', { email: u.email, callback_url: CALLBACK });
    expect(await body(sent)).toEqual({ status: 200, body: { success: 'maybe, only if user with e-mail exists' } });
    expect(emu.clock.now() - before).toBeLessThan(1000);
    const emails = await outbox(emu, u.email);
    const reset = emails.at(-1);
    expect(reset?.subject).toBe('Reset your password at Demo');
    expect(reset?.from).toBe('Demo <noreply@example.com>');
    expect(reset?.text).toMatch(/\n\nhttp:\/\/localhost:3000\/handler\/password-reset\?code=[0-9a-z]{45}\n\n/);
    const code = await latestCode(emu, u.email);
    expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{45}$/);

    expect(await body(await post('/auth/password/reset/check-code', { code }))).toEqual({ status: 200, body: { is_code_valid: true } });
    expect(await body(await post('/auth/password/reset', { code: code.toUpperCase(), password: 'reset-password-1' }))).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await body(await post('/auth/password/reset', { code, password: 'reset-password-2' }))).toEqual({
      status: 409,
      body: { code: 'VERIFICATION_CODE_ALREADY_USED', error: 'The verification link has already been used.' },
    });
    const refresh = await emu.fetch('/api/v1/auth/sessions/current/refresh', {
      method: 'POST',
      accessType: 'client',
      headers: { 'x-stack-refresh-token': u.refreshToken },
    });
    expect(refresh.status).toBe(401);
    expect((await post('/auth/password/sign-in', { email: u.email, password: 'reset-password-1' })).status).toBe(200);
  });

  it('unknown e-mail: same answer 2-3 s later (on the emulator clock), no e-mail; untrusted callback for a known user', async () => {
    const before = emu.clock.now();
    expect(await body(await post('/auth/password/send-reset-code', { email: 'ghost@example.com', callback_url: CALLBACK }))).toEqual({
      status: 200,
      body: { success: 'maybe, only if user with e-mail exists' },
    });
    const delay = emu.clock.now() - before;
    expect(delay).toBeGreaterThanOrEqual(2000);
    expect(delay).toBeLessThan(3100);
    expect(await outbox(emu, 'ghost@example.com')).toEqual([]);
    const u = await signUp(emu);
    expect(await body(await post('/auth/password/send-reset-code', { email: u.email, callback_url: 'https://evil.example.com/cb' }))).toEqual({
      status: 400,
      body: {
        code: 'REDIRECT_URL_NOT_WHITELISTED',
        error: 'Redirect URL not whitelisted. Did you forget to add this domain to the trusted domains list on the Stack Auth dashboard?',
      },
    });
  });

  it('code errors: not found, wrong length, expired', async () => {
    expect(await body(await post('/auth/password/reset/check-code', { code: 'a'.repeat(45) }))).toEqual({
      status: 404,
      body: { code: 'VERIFICATION_CODE_NOT_FOUND', error: 'The verification code does not exist for this project.' },
    });
    const message = 'Request validation failed on POST /api/v1/auth/password/reset/check-code:\n  - body.code must be exactly 45 characters';
    expect(await body(await post('/auth/password/reset/check-code', { code: 'abc' }))).toEqual({
      status: 400,
      body: { code: 'SCHEMA_ERROR', details: { message }, error: message },
    });
    const u = await signUp(emu);
    await post('/auth/password/send-reset-code', { email: u.email, callback_url: CALLBACK });
    const code = await latestCode(emu, u.email);
    emu.clock.advance(8 * 24 * 60 * 60 * 1000);
    expect(await body(await post('/auth/password/reset', { code, password: 'reset-password-1' }))).toEqual({
      status: 400,
      body: { code: 'VERIFICATION_CODE_EXPIRED', error: 'The verification code has expired.' },
    });
  });

  it('reset: PASSWORD_TOO_SHORT below 8 characters (the code is used up first, as the backend does)', async () => {
    const u = await signUp(emu);
    await post('/auth/password/send-reset-code', { email: u.email, callback_url: CALLBACK });
    const code = await latestCode(emu, u.email);
    expect(await body(await post('/auth/password/reset', { code, password: 'short' }))).toEqual({
      status: 400,
      body: { code: 'PASSWORD_TOO_SHORT', details: { min_length: 8 }, error: 'Password too short. Minimum length is 8.' },
    });
    expect((await post('/auth/password/reset', { code, password: 'long-enough-password' })).headers.get('x-stack-known-error')).toBe('VERIFICATION_CODE_ALREADY_USED');
    expect((await post('/auth/password/sign-in', { email: u.email, password: u.password })).status).toBe(200);
  });

  it('uses the customised password_reset template for the next mail; resetting the template restores the default', async () => {
    const customised = await admin('PATCH', '/email-templates/password_reset', { subject: 'New password for {{ projectDisplayName }}, please' });
    expect(customised.status).toBe(200);
    try {
      const u = await signUp(emu);
      await post('/auth/password/send-reset-code', { email: u.email, callback_url: CALLBACK });
      const mail = (await outbox(emu, u.email)).at(-1);
      expect(mail?.subject).toBe('New password for Demo, please');
      // The default document's button carries {{ passwordResetLink }}: the link is in the body, alone on its line.
      expect(mail?.text.split('\n')).toContain(`${CALLBACK}?code=${await latestCode(emu, u.email)}`);
    } finally {
      expect(await (await admin('DELETE', '/email-templates/password_reset')).json()).toEqual({ success: true });
    }
    const v = await signUp(emu);
    await post('/auth/password/send-reset-code', { email: v.email, callback_url: CALLBACK });
    expect((await outbox(emu, v.email)).at(-1)?.subject).toBe('Reset your password at Demo');
  });
});


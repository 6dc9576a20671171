import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, outbox, setProjectConfig, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { DEMO_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
});
afterAll(() => emu.close());

const CALLBACK = 'http://localhost:3000/handler/magic-link-callback';
const post = (path: string, json: unknown) => emu.fetch(`/api/v1${path}`, { method: 'POST', accessType: 'client', json });

async function sendCode(email: string): Promise<{ nonce: string; otp: string; link: string }> {
  const res = await post('/auth/otp/send-sign-in-code', { email, callback_url: CALLBACK });
  expect(res.status).toBe(200);
  const { nonce } = (await res.json()) as { nonce: string };
  const mail = (await outbox(emu, email)).at(-1);
  const otp = /Your code is ([0-9A-Z]{6})$/.exec(mail?.subject ?? '')?.[1] ?? '';
  const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
  return { nonce, otp, link };
}

describe('magic link / OTP', () => {
  it('signs up a new user with OTP + nonce, e-mail verified', async () => {
    const email = `otp-${crypto.randomUUID()}@example.com`;
    const { nonce, otp, link } = await sendCode(email);
    expect(nonce).toHaveLength(39);
    expect(otp).toHaveLength(6);
    expect(new URL(link).searchParams.get('code')).toBe(`${otp.toLowerCase()}${nonce}`);
    const res = await post('/auth/otp/sign-in', { code: otp + nonce });
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'is_new_user', 'refresh_token', 'user_id']);
    expect(body.is_new_user).toBe(true);
    const me = await emu.fetch('/api/v1/users/me', { accessType: 'client', headers: { 'x-stack-access-token': String(body.access_token) } });
    expect(await me.json()).toMatchObject({ primary_email: email, primary_email_verified: true, otp_auth_enabled: true, has_password: false, auth_with_email: true });
  });

  it('signs in an existing OTP user with the link code (is_new_user false)', async () => {
    const email = `otp-${crypto.randomUUID()}@example.com`;
    const first = await sendCode(email);
    await post('/auth/otp/sign-in', { code: first.otp + first.nonce });
    const { link } = await sendCode(email);
    const code = new URL(link).searchParams.get('code') ?? '';
    expect(await (await post('/auth/otp/sign-in/check-code', { code })).json()).toEqual({ is_code_valid: true });
    const res = await post('/auth/otp/sign-in', { code });
    expect(((await res.json()) as { is_new_user: boolean }).is_new_user).toBe(false);
  });

  it('an unverified password user gets USER_EMAIL_ALREADY_EXISTS', async () => {
    const u = await signUp(emu);
    const res = await post('/auth/otp/send-sign-in-code', { email: u.email, callback_url: CALLBACK });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: 'USER_EMAIL_ALREADY_EXISTS', error: 'User email already exists.' });
  });

  it('an unverified auth e-mail gets USER_EMAIL_ALREADY_EXISTS even when its user has OTP enabled', async () => {
    const email = `otp-${crypto.randomUUID()}@example.com`;
    const created = await emu.fetch('/api/v1/users', {
      method: 'POST',
      accessType: 'server',
      json: { primary_email: email, primary_email_auth_enabled: true, otp_auth_enabled: true },
    });
    expect(await created.json()).toMatchObject({ primary_email_verified: false, otp_auth_enabled: true });
    const res = await post('/auth/otp/send-sign-in-code', { email, callback_url: CALLBACK });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: 'USER_EMAIL_ALREADY_EXISTS', error: 'User email already exists.' });
    expect(await outbox(emu, email)).toEqual([]);
  });

  it('disabled magic link -> 403 text; untrusted callback; sign-up disabled', async () => {
    const untrusted = await post('/auth/otp/send-sign-in-code', { email: 'x@example.com', callback_url: 'https://evil.example.com/cb' });
    expect(((await untrusted.json()) as { code: string }).code).toBe('REDIRECT_URL_NOT_WHITELISTED');
    await setProjectConfig(emu, DEMO_PROJECT.id, { sign_up_enabled: false });
    const closed = await post('/auth/otp/send-sign-in-code', { email: 'new@example.com', callback_url: CALLBACK });
    expect(((await closed.json()) as { code: string }).code).toBe('SIGN_UP_NOT_ENABLED');
    await setProjectConfig(emu, DEMO_PROJECT.id, { sign_up_enabled: true, magic_link_enabled: false });
    const off = await post('/auth/otp/send-sign-in-code', { email: 'x@example.com', callback_url: CALLBACK });
    expect(off.status).toBe(403);
    expect(await off.text()).toBe('Magic link is not enabled for this project');
    await setProjectConfig(emu, DEMO_PROJECT.id, { magic_link_enabled: true });
  });

  it('20 attempts per nonce, then VERIFICATION_CODE_MAX_ATTEMPTS_REACHED', async () => {
    const email = `otp-${crypto.randomUUID()}@example.com`;
    const { otp, nonce } = await sendCode(email);
    const wrong = otp === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < 20; i++) expect((await post('/auth/otp/sign-in', { code: wrong + nonce })).status).toBe(404);
    const res = await post('/auth/otp/sign-in', { code: otp + nonce });
    expect(await res.json()).toEqual({
      code: 'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED',
      error: 'The verification code nonce has reached the maximum number of attempts. This code is not valid anymore.',
    });
  });

  it('wildcard characters in a submitted code reach no other code: 20 probes of a/_/% leave a real code usable', async () => {
    const email = `otp-${crypto.randomUUID()}@example.com`;
    const { otp, nonce } = await sendCode(email);
    for (const probe of [`aaaaaa${'_'.repeat(39)}`, `aaaaaa${'%'.repeat(39)}`]) {
      for (let i = 0; i < 20; i++) {
        const res = await post('/auth/otp/sign-in', { code: probe });
        expect(res.headers.get('x-stack-known-error')).toBe('VERIFICATION_CODE_NOT_FOUND');
      }
    }
    const res = await post('/auth/otp/sign-in', { code: otp + nonce });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { is_new_user: boolean }).is_new_user).toBe(true);
  });

  it('a code expires after 7 days on the emulator clock: VERIFICATION_CODE_EXPIRED', async () => {
    const email = `otp-${crypto.randomUUID()}@example.com`;
    const { otp, nonce } = await sendCode(email);
    emu.clock.advance(7 * 24 * 60 * 60 * 1000 + 1);
    const res = await post('/auth/otp/sign-in', { code: otp + nonce });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'VERIFICATION_CODE_EXPIRED', error: 'The verification code has expired.' });
    expect((await post('/auth/otp/sign-in/check-code', { code: otp + nonce })).headers.get('x-stack-known-error')).toBe('VERIFICATION_CODE_EXPIRED');
  });
});

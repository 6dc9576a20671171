import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTotp } from '../domain/totp.ts';
import { createTestEmulator, setProjectConfig, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { call, errorCode } from '../../testing/emulator/requests.ts';
import { SoftwareAuthenticator } from '../../testing/emulator/software-authenticator.ts';
import { DEMO_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
  await setProjectConfig(emu, DEMO_PROJECT.id, { passkey_enabled: true, domains: [{ domain: 'https://app.example.com', handler_path: '/handler' }] });
});
afterAll(() => emu.close());

const LOCAL = { origin: 'http://localhost:3000', rpId: 'localhost' };

async function registered(where = LOCAL) {
  const u = await signUp(emu);
  const init = await call(emu, 'POST', '/auth/passkey/initiate-passkey-registration', { token: u.accessToken, json: {} });
  const { options_json: options, code } = init.body as { options_json: { challenge: string; user: { id: string } }; code: string };
  const authenticator = new SoftwareAuthenticator();
  const credential = await authenticator.register({ challenge: options.challenge, userHandle: options.user.id, ...where });
  const reg = await call(emu, 'POST', '/auth/passkey/register', { token: u.accessToken, json: { credential, code } });
  return { u, init, reg, authenticator };
}

async function signInWith(authenticator: SoftwareAuthenticator, where = LOCAL) {
  const init = await call(emu, 'POST', '/auth/passkey/initiate-passkey-authentication', { json: {} });
  const { options_json: options, code } = init.body as { options_json: { challenge: string }; code: string };
  const response = await authenticator.assert({ challenge: options.challenge, ...where });
  return { init, res: await call(emu, 'POST', '/auth/passkey/sign-in', { json: { authentication_response: response, code } }) };
}

describe('passkeys', () => {
  it('registration options carry the sentinel rp id and the user id; register; sign in', async () => {
    const { u, init, reg, authenticator } = await registered();
    const body = init.body as { options_json: Record<string, unknown>; code: string };
    expect(body.code).toHaveLength(45);
    expect(body.options_json).toMatchObject({
      rp: { id: 'THIS_VALUE_WILL_BE_REPLACED.example.com', name: 'Demo' },
      user: { id: Buffer.from(u.userId).toString('base64url'), name: u.email, displayName: u.email },
      pubKeyCredParams: [{ alg: -8, type: 'public-key' }, { alg: -7, type: 'public-key' }, { alg: -257, type: 'public-key' }],
      timeout: 60000,
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred', requireResidentKey: true },
      extensions: { credProps: true },
    });
    expect(reg.body).toEqual({ user_handle: authenticator.id });
    expect((await call(emu, 'GET', '/users/me', { token: u.accessToken })).body).toMatchObject({ passkey_auth_enabled: true });
    const { init: authInit, res } = await signInWith(authenticator);
    expect(Object.keys((authInit.body as { options_json: object }).options_json)).toEqual(['challenge', 'allowCredentials', 'timeout', 'userVerification', 'rpId']);
    expect(res.body).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), is_new_user: false, user_id: u.userId });
  });

  it('origin rules: trusted domains only, localhost when allowed', async () => {
    const trusted = await registered({ origin: 'https://app.example.com', rpId: 'app.example.com' });
    expect(trusted.reg.status).toBe(200);
    const untrusted = await registered({ origin: 'https://evil.example.com', rpId: 'evil.example.com' });
    expect(untrusted.reg.body).toEqual({ code: 'PASSKEY_AUTHENTICATION_FAILED', error: 'Passkey registration failed because the origin is not allowed' });
    await setProjectConfig(emu, DEMO_PROJECT.id, { allow_localhost: false });
    try {
      const { res } = await signInWith(trusted.authenticator, LOCAL);
      expect((res.body as { error: string }).error).toBe('Passkey authentication failed because localhost is not allowed');
    } finally {
      await setProjectConfig(emu, DEMO_PROJECT.id, { allow_localhost: true });
    }
  });

  it('a forged signature, an unknown credential and a wrong challenge fail', async () => {
    const { authenticator } = await registered();
    const stranger = new SoftwareAuthenticator();
    await stranger.register({ challenge: 'x', userHandle: 'x', ...LOCAL });
    const unknown = await signInWith(stranger);
    expect(unknown.res.body).toEqual({ code: 'PASSKEY_AUTHENTICATION_FAILED', error: 'Passkey not found' });
    const init = await call(emu, 'POST', '/auth/passkey/initiate-passkey-authentication', { json: {} });
    const wrong = await authenticator.assert({ challenge: 'not-the-challenge', ...LOCAL });
    const res = await call(emu, 'POST', '/auth/passkey/sign-in', { json: { authentication_response: wrong, code: (init.body as { code: string }).code } });
    expect(errorCode(res)).toBe('PASSKEY_AUTHENTICATION_FAILED');
  });

  it('one passkey per user; passkey_auth_enabled:false removes it; disabled projects refuse', async () => {
    const { u, authenticator } = await registered();
    const init = await call(emu, 'POST', '/auth/passkey/initiate-passkey-registration', { token: u.accessToken, json: {} });
    const { options_json: options, code } = init.body as { options_json: { challenge: string; user: { id: string } }; code: string };
    const second = new SoftwareAuthenticator();
    await call(emu, 'POST', '/auth/passkey/register', { token: u.accessToken, json: { credential: await second.register({ challenge: options.challenge, userHandle: options.user.id, ...LOCAL }), code } });
    expect((await signInWith(authenticator)).res.body).toMatchObject({ error: 'Passkey not found' });
    expect((await signInWith(second)).res.status).toBe(200);
    await call(emu, 'PATCH', '/users/me', { token: u.accessToken, json: { passkey_auth_enabled: false } });
    expect((await call(emu, 'GET', '/users/me', { token: u.accessToken })).body).toMatchObject({ passkey_auth_enabled: false });
    await setProjectConfig(emu, DEMO_PROJECT.id, { passkey_enabled: false });
    try {
      expect(errorCode(await call(emu, 'POST', '/auth/passkey/initiate-passkey-authentication', { json: {} }))).toBe('PASSKEY_AUTHENTICATION_NOT_ENABLED');
    } finally {
      await setProjectConfig(emu, DEMO_PROJECT.id, { passkey_enabled: true });
    }
  });

  it('a user with TOTP signing in with a passkey gets MULTI_FACTOR_AUTHENTICATION_REQUIRED, then completes at /auth/mfa/sign-in', async () => {
    const { u, authenticator } = await registered();
    const secret = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(20))));
    await call(emu, 'PATCH', '/users/me', { token: u.accessToken, json: { totp_secret_base64: secret } });

    const { res } = await signInWith(authenticator);
    expect([res.status, errorCode(res)]).toEqual([400, 'MULTI_FACTOR_AUTHENTICATION_REQUIRED']);
    const body = res.body as { details: { attempt_code: string } };
    expect(body).toEqual({
      code: 'MULTI_FACTOR_AUTHENTICATION_REQUIRED',
      details: { attempt_code: expect.stringMatching(/^[0-9a-z]{45}$/) },
      error: 'Multi-factor authentication is required for this user.',
    });

    const done = await call(emu, 'POST', '/auth/mfa/sign-in', {
      json: { code: body.details.attempt_code, type: 'totp', totp: await generateTotp(secret, emu.clock.now()) },
    });
    expect([done.status, done.body]).toEqual([200, { access_token: expect.any(String), refresh_token: expect.any(String), is_new_user: false, user_id: u.userId }]);
    const me = await call(emu, 'GET', '/users/me', { token: (done.body as { access_token: string }).access_token });
    expect(me.body).toMatchObject({ id: u.userId, requires_totp_mfa: true });
  });

  it('register and sign-in take only 45-character codes (SCHEMA_ERROR otherwise, before the code is looked up)', async () => {
    const u = await signUp(emu);
    const tooShort = 'x'.repeat(44);
    const register = await call(emu, 'POST', '/auth/passkey/register', { token: u.accessToken, json: { credential: {}, code: tooShort } });
    const message = (path: string) => `Request validation failed on POST /api/v1${path}:\n  - body.code must be exactly 45 characters`;
    expect([register.status, register.body]).toEqual([400, { code: 'SCHEMA_ERROR', details: { message: message('/auth/passkey/register') }, error: message('/auth/passkey/register') }]);
    const signIn = await call(emu, 'POST', '/auth/passkey/sign-in', { json: { authentication_response: {}, code: 'y'.repeat(46) } });
    expect([signIn.status, signIn.body]).toEqual([400, { code: 'SCHEMA_ERROR', details: { message: message('/auth/passkey/sign-in') }, error: message('/auth/passkey/sign-in') }]);
    // A well-formed code that was never issued gets past the schema to the code lookup.
    const unknown = await call(emu, 'POST', '/auth/passkey/sign-in', { json: { authentication_response: {}, code: 'z'.repeat(45) } });
    expect(errorCode(unknown)).toBe('VERIFICATION_CODE_NOT_FOUND');
  });
});

// STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING=yes (issue 19): both ceremonies use the challenge `MOCK`
// (base64url TU9DSw), and a credential made for it registers and signs in; without the switch it is random.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestEmulator, setProjectConfig, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { call } from '../../testing/emulator/requests.ts';
import { SoftwareAuthenticator } from '../../testing/emulator/software-authenticator.ts';
import { DEMO_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
  await setProjectConfig(emu, DEMO_PROJECT.id, { passkey_enabled: true });
});
afterAll(() => emu.close());
afterEach(() => vi.unstubAllEnvs());

const LOCAL = { origin: 'http://localhost:3000', rpId: 'localhost' };

async function challenges(): Promise<{ registration: string; authentication: string }> {
  const u = await signUp(emu);
  const registration = await call(emu, 'POST', '/auth/passkey/initiate-passkey-registration', { token: u.accessToken, json: {} });
  const authentication = await call(emu, 'POST', '/auth/passkey/initiate-passkey-authentication', { json: {} });
  const challengeOf = (body: unknown) => (body as { options_json: { challenge: string } }).options_json.challenge;
  return { registration: challengeOf(registration.body), authentication: challengeOf(authentication.body) };
}

describe('the hardcoded passkey challenge', () => {
  it('is TU9DSw for registration and authentication when the switch is yes, and the ceremonies still verify', async () => {
    vi.stubEnv('STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING', 'yes');
    expect(await challenges()).toEqual({ registration: 'TU9DSw', authentication: 'TU9DSw' });
    const u = await signUp(emu);
    const init = await call(emu, 'POST', '/auth/passkey/initiate-passkey-registration', { token: u.accessToken, json: {} });
    const { options_json: options, code } = init.body as { options_json: { user: { id: string } }; code: string };
    const authenticator = new SoftwareAuthenticator();
    const credential = await authenticator.register({ challenge: 'TU9DSw', userHandle: options.user.id, ...LOCAL });
    expect((await call(emu, 'POST', '/auth/passkey/register', { token: u.accessToken, json: { credential, code } })).status).toBe(200);
    const signIn = await call(emu, 'POST', '/auth/passkey/initiate-passkey-authentication', { json: {} });
    const response = await authenticator.assert({ challenge: 'TU9DSw', ...LOCAL });
    const res = await call(emu, 'POST', '/auth/passkey/sign-in', { json: { authentication_response: response, code: (signIn.body as { code: string }).code } });
    expect(res.status).toBe(200);
  });

  it('is random otherwise (another value, or unset)', async () => {
    vi.stubEnv('STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING', 'true');
    const first = await challenges();
    vi.unstubAllEnvs();
    const second = await challenges();
    for (const challenge of [first.registration, first.authentication, second.registration, second.authentication]) expect(challenge).not.toBe('TU9DSw');
    expect(new Set([first.registration, first.authentication, second.registration, second.authentication]).size).toBe(4);
  });
});

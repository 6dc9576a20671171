// Server-created users with an imported bcrypt `password_hash` (Modular Crypt Format), and the 2.7 dialect's
// unchecked password length on POST /users (issue 19).
import { hashSync } from '@node-rs/bcrypt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { DEMO_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
});
afterAll(() => emu.close());

const INVALID_HASH = "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.";
const HEXCLAVE_SERVER = {
  'x-hexclave-project-id': DEMO_PROJECT.id,
  'x-hexclave-access-type': 'server',
  'x-hexclave-secret-server-key': DEMO_PROJECT.secretServerKey,
};
const uniqueEmail = () => `import-${crypto.randomUUID()}@example.com`;

async function createUser(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await emu.fetch('/api/v1/users', { method: 'POST', ...(Object.keys(headers).length ? { headers } : { accessType: 'server' }), json: body });
  return { status: res.status, code: res.headers.get('x-stack-known-error'), text: await res.text() };
}

async function signIn(email: string, password: string) {
  const res = await emu.fetch('/api/v1/auth/password/sign-in', { method: 'POST', accessType: 'client', json: { email, password } });
  return { status: res.status, code: res.headers.get('x-stack-known-error') };
}

describe('POST /users with password_hash', () => {
  it('stores $2a$, $2b$ and $2y$ bcrypt hashes and verifies them at sign-in', async () => {
    const hash = hashSync('imported-secret', 4).slice(4);
    for (const prefix of ['$2a$', '$2b$', '$2y$']) {
      const email = uniqueEmail();
      const created = await createUser({ primary_email: email, primary_email_auth_enabled: true, password_hash: `${prefix}${hash}` });
      expect(created.status).toBe(201);
      expect(JSON.parse(created.text)).toMatchObject({ has_password: true });
      expect(await signIn(email, 'imported-secret')).toEqual({ status: 200, code: null });
      expect(await signIn(email, 'not-the-secret')).toEqual({ status: 400, code: 'EMAIL_PASSWORD_MISMATCH' });
    }
  });

  it('refuses an out-of-range cost, another algorithm, or a malformed hash with the backend text', async () => {
    const salted = hashSync('x', 4).slice(7);
    for (const hash of [`$2a$17$${salted}`, `$2a$03$${salted}`, '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA', '$2b$10$short', 'plain-text']) {
      expect(await createUser({ primary_email: uniqueEmail(), primary_email_auth_enabled: true, password_hash: hash })).toEqual({ status: 400, code: null, text: INVALID_HASH });
    }
  });

  it('PATCH /users/{id} checks password_hash the same way, and an accepted one works at sign-in', async () => {
    const email = uniqueEmail();
    const created = await createUser({ primary_email: email, primary_email_auth_enabled: true });
    const id = String((JSON.parse(created.text) as { id: string }).id);
    const patch = (password_hash: string) => emu.fetch(`/api/v1/users/${id}`, { method: 'PATCH', accessType: 'server', json: { password_hash } });
    const refused = await patch('$2a$17$' + hashSync('x', 4).slice(7));
    expect([refused.status, await refused.text()]).toEqual([400, INVALID_HASH]);
    expect((await patch(hashSync('patched-secret', 4))).status).toBe(200);
    expect(await signIn(email, 'patched-secret')).toEqual({ status: 200, code: null });
  });
});

describe('POST /users password length', () => {
  it('is not checked for x-stack callers (2.7): a 3-character password is stored and signs in', async () => {
    const email = uniqueEmail();
    expect((await createUser({ primary_email: email, primary_email_auth_enabled: true, password: 'abc' })).status).toBe(201);
    expect(await signIn(email, 'abc')).toEqual({ status: 200, code: null });
  });

  it('is still checked for x-hexclave callers', async () => {
    const res = await createUser({ primary_email: uniqueEmail(), primary_email_auth_enabled: true, password: 'abc' }, HEXCLAVE_SERVER);
    expect([res.status, res.code]).toEqual([400, 'PASSWORD_TOO_SHORT']);
  });
});

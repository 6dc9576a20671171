// A server PATCH of primary_email on a user whose e-mail was verified (issue 19): the 2.7 backend edits the
// primary channel in place and keeps it verified; the current dialect (the default) resets the verification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { DEMO_PROJECT } from '../domain/seed.ts';

let legacy: TestEmulator;
let emu: TestEmulator;
beforeAll(async () => {
  [legacy, emu] = await Promise.all([createTestEmulator({ dialect: '2.7' }), createTestEmulator()]);
});
afterAll(() => Promise.all([legacy.close(), emu.close()]));

const HEXCLAVE_SERVER = {
  'x-hexclave-project-id': DEMO_PROJECT.id,
  'x-hexclave-access-type': 'server',
  'x-hexclave-secret-server-key': DEMO_PROJECT.secretServerKey,
};
const uniqueEmail = (tag: string) => `${tag}-${crypto.randomUUID()}@example.com`;

async function verifiedUser(emu: TestEmulator): Promise<{ id: string; channelId: string }> {
  const res = await emu.fetch('/api/v1/users', { method: 'POST', accessType: 'server', json: { primary_email: uniqueEmail('before'), primary_email_verified: true, primary_email_auth_enabled: true } });
  const id = ((await res.json()) as { id: string }).id;
  return { id, channelId: (await channels(emu, id))[0]?.id ?? '' };
}

async function channels(emu: TestEmulator, userId: string) {
  const res = await emu.fetch(`/api/v1/contact-channels?user_id=${userId}`, { accessType: 'server' });
  return ((await res.json()) as { items: { id: string; value: string; is_verified: boolean; is_primary: boolean }[] }).items;
}

describe('PATCH /users/{id} primary_email on a verified user', () => {
  it('x-stack caller under --dialect 2.7: the same channel gets the new value and stays verified', async () => {
    const user = await verifiedUser(legacy);
    const email = uniqueEmail('after');
    const res = await legacy.fetch(`/api/v1/users/${user.id}`, { method: 'PATCH', accessType: 'server', json: { primary_email: email } });
    expect(await res.json()).toMatchObject({ primary_email: email, primary_email_verified: true });
    expect(await channels(legacy, user.id)).toEqual([expect.objectContaining({ id: user.channelId, value: email, is_verified: true, is_primary: true })]);
  });

  it('x-hexclave caller: the verification is reset', async () => {
    const user = await verifiedUser(legacy);
    const email = uniqueEmail('after');
    const res = await legacy.fetch(`/api/v1/users/${user.id}`, { method: 'PATCH', headers: HEXCLAVE_SERVER, json: { primary_email: email } });
    expect(await res.json()).toMatchObject({ primary_email: email, primary_email_verified: false });
  });

  it('x-stack caller by default (the current backend): the verification is reset too', async () => {
    const user = await verifiedUser(emu);
    const email = uniqueEmail('after');
    const res = await emu.fetch(`/api/v1/users/${user.id}`, { method: 'PATCH', accessType: 'server', json: { primary_email: email } });
    expect(await res.json()).toMatchObject({ primary_email: email, primary_email_verified: false });
  });
});

describe('PATCH /users/{id} primary_email to an address the user has as another contact channel (issue 44)', () => {
  for (const dialect of ['current', '2.7'] as const) {
    it(`promotes that channel (200, never a 500 on the unique key), ${dialect} dialect`, async () => {
      const own = dialect === 'current' ? emu : legacy;
      const res = await own.fetch('/api/v1/users', { method: 'POST', accessType: 'server', json: { primary_email: uniqueEmail('first'), primary_email_verified: true, primary_email_auth_enabled: true } });
      const user = (await res.json()) as { id: string; primary_email: string };
      const second = uniqueEmail('second');
      const added = await own.fetch('/api/v1/contact-channels', { method: 'POST', accessType: 'server', json: { user_id: user.id, type: 'email', value: second, used_for_auth: false, is_verified: true } });
      expect(added.status).toBe(201);
      const patched = await own.fetch(`/api/v1/users/${user.id}`, { method: 'PATCH', accessType: 'server', json: { primary_email: second } });
      expect(patched.status).toBe(200);
      expect(await patched.json()).toMatchObject({ primary_email: second, primary_email_verified: true });
      const list = await own.fetch(`/api/v1/contact-channels?user_id=${user.id}`, { accessType: 'server' });
      const items = ((await list.json()) as { items: { value: string; is_primary: boolean }[] }).items;
      expect(items.map((ch) => [ch.value, ch.is_primary]).sort()).toEqual([[user.primary_email, false], [second, true]].sort());
    });
  }
});

// A server PATCH of primary_email on a user whose e-mail was verified (issue 19): the 2.7 backend edits the
// primary channel in place and keeps it verified; the current dialect resets the verification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { DEMO_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

const HEXCLAVE_SERVER = {
  'x-hexclave-project-id': DEMO_PROJECT.id,
  'x-hexclave-access-type': 'server',
  'x-hexclave-secret-server-key': DEMO_PROJECT.secretServerKey,
};
const uniqueEmail = (tag: string) => `${tag}-${crypto.randomUUID()}@example.com`;

async function verifiedUser(): Promise<{ id: string; channelId: string }> {
  const res = await emu.fetch('/api/v1/users', { method: 'POST', accessType: 'server', json: { primary_email: uniqueEmail('before'), primary_email_verified: true, primary_email_auth_enabled: true } });
  const id = ((await res.json()) as { id: string }).id;
  return { id, channelId: (await channels(id))[0]?.id ?? '' };
}

async function channels(userId: string) {
  const res = await emu.fetch(`/api/v1/contact-channels?user_id=${userId}`, { accessType: 'server' });
  return ((await res.json()) as { items: { id: string; value: string; is_verified: boolean; is_primary: boolean }[] }).items;
}

describe('PATCH /users/{id} primary_email on a verified user', () => {
  it('x-stack caller: the same channel gets the new value and stays verified', async () => {
    const user = await verifiedUser();
    const email = uniqueEmail('after');
    const res = await emu.fetch(`/api/v1/users/${user.id}`, { method: 'PATCH', accessType: 'server', json: { primary_email: email } });
    expect(await res.json()).toMatchObject({ primary_email: email, primary_email_verified: true });
    expect(await channels(user.id)).toEqual([expect.objectContaining({ id: user.channelId, value: email, is_verified: true, is_primary: true })]);
  });

  it('x-hexclave caller: the verification is reset', async () => {
    const user = await verifiedUser();
    const email = uniqueEmail('after');
    const res = await emu.fetch(`/api/v1/users/${user.id}`, { method: 'PATCH', headers: HEXCLAVE_SERVER, json: { primary_email: email } });
    expect(await res.json()).toMatchObject({ primary_email: email, primary_email_verified: false });
  });
});

// Contact-channel error answers of the 2.7 backend (issue 19): deleting a missing channel, and sending a
// verification code for `me` without a signed-in user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
});
afterAll(() => emu.close());

const MISSING_CHANNEL = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';

describe('DELETE /contact-channels/{user_id}/{id}', () => {
  it('a channel that does not exist is 400 text "Contact channel not found" (client on me, and server)', async () => {
    const u = await signUp(emu);
    const asClient = await emu.fetch(`/api/v1/contact-channels/me/${MISSING_CHANNEL}`, { method: 'DELETE', accessType: 'client', headers: { 'x-stack-access-token': u.accessToken } });
    expect([asClient.status, asClient.headers.get('content-type'), await asClient.text()]).toEqual([400, 'text/plain; charset=utf-8', 'Contact channel not found']);
    const asServer = await emu.fetch(`/api/v1/contact-channels/${u.userId}/${MISSING_CHANNEL}`, { method: 'DELETE', accessType: 'server' });
    expect([asServer.status, await asServer.text()]).toEqual([400, 'Contact channel not found']);
  });
});

describe('POST /contact-channels/me/{id}/send-verification-code without a user', () => {
  it('is CANNOT_GET_OWN_USER_WITHOUT_USER for client and server callers', async () => {
    for (const accessType of ['client', 'server'] as const) {
      const res = await emu.fetch(`/api/v1/contact-channels/me/${MISSING_CHANNEL}/send-verification-code`, {
        method: 'POST',
        accessType,
        json: { callback_url: 'http://localhost:3000/handler/email-verification' },
      });
      expect([res.status, await res.json()]).toEqual([
        400,
        { code: 'CANNOT_GET_OWN_USER_WITHOUT_USER', error: "You have specified 'me' as a userId, but did not provide authentication for a user." },
      ]);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT } from './seed.ts';
import { createTestEmulator, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { getTokenSubject, getUser } from './users.ts';
import { tokenSubject } from './user-record.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

async function subjects(userId: string) {
  const record = await getUser(emu.db, DEMO_PROJECT.id, userId);
  return { fromRecord: record && tokenSubject(record), fromQuery: await getTokenSubject(emu.db, DEMO_PROJECT.id, userId) };
}

describe('getTokenSubject (the refresh grant reads only this)', () => {
  it('says what the full user record says: name, primary e-mail and its verification, team, TOTP', async () => {
    const { userId, email } = await signUp(emu);
    const before = await subjects(userId);
    expect(before.fromQuery).toEqual(before.fromRecord);
    expect(before.fromQuery).toMatchObject({ id: userId, primaryEmail: email, primaryEmailVerified: false, requiresTotpMfa: false });

    // A second, non-primary e-mail, a verified primary, a name and TOTP: still the same answer.
    await emu.db
      .insertInto('contact_channels')
      .values({ id: crypto.randomUUID(), project_id: DEMO_PROJECT.id, user_id: userId, type: 'email', value: `other-${email}`, is_verified: true, is_primary: false, used_for_auth: false, created_at_millis: 0 })
      .execute();
    await emu.db.updateTable('contact_channels').set({ is_verified: true }).where('user_id', '=', userId).where('value', '=', email).execute();
    await emu.db.updateTable('users').set({ display_name: 'Named', totp_secret_base64: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=' }).where('id', '=', userId).execute();
    const after = await subjects(userId);
    expect(after.fromQuery).toEqual(after.fromRecord);
    expect(after.fromQuery).toMatchObject({ displayName: 'Named', primaryEmail: email, primaryEmailVerified: true, requiresTotpMfa: true });
  });

  it('a user without an e-mail, and no user at all', async () => {
    const { userId } = await signUp(emu);
    await emu.db.deleteFrom('contact_channels').where('user_id', '=', userId).execute();
    const { fromRecord, fromQuery } = await subjects(userId);
    expect(fromQuery).toEqual(fromRecord);
    expect(fromQuery).toMatchObject({ primaryEmail: null, primaryEmailVerified: false });
    expect(await getTokenSubject(emu.db, DEMO_PROJECT.id, crypto.randomUUID())).toBeNull();
  });
});

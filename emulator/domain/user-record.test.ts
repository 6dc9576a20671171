import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';
import type { Database } from '../db/schema.ts';
import { DEMO_PROJECT } from './seed.ts';
import type { UserRecord } from './user-record.ts';
import { getUser, getUsers, listUsers, newestUsers } from './users.ts';

const PROJECT = DEMO_PROJECT.id;
let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

/** A record read table by table, one query per part: what the aggregating query has to reproduce exactly. */
async function recordTableByTable(db: Kysely<Database>, userId: string): Promise<UserRecord> {
  const row = await db.selectFrom('users').selectAll().where('project_id', '=', PROJECT).where('id', '=', userId).executeTakeFirstOrThrow();
  const channels = await db.selectFrom('contact_channels').selectAll().where('user_id', '=', userId).orderBy('created_at_millis').orderBy('id').execute();
  const selectedTeam =
    row.selected_team_id === null
      ? null
      : ((await db.selectFrom('teams').selectAll().where('project_id', '=', PROJECT).where('id', '=', row.selected_team_id).executeTakeFirst()) ?? null);
  const oauthAccounts = await db.selectFrom('oauth_accounts').selectAll().where('user_id', '=', userId).orderBy('created_at_millis').orderBy('provider_id').execute();
  const passkey = await db.selectFrom('passkeys').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return { row, channels, selectedTeam, oauthAccounts, hasPasskey: passkey !== undefined };
}

/** Rows with every kind of column value a record carries: fractional and large doubles, jsonb of each shape, nulls. */
async function insertUser(db: Kysely<Database>, i: number, teamId: string): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto('users')
    .values({
      id,
      project_id: PROJECT,
      display_name: i % 2 === 0 ? `Zoë "${i}" \\ <tab>\t` : null,
      profile_image_url: null,
      client_metadata: i % 3 === 0 ? JSON.stringify({ b: [1, 2.5, { z: null, a: true }], a: 'é😀', long: 12345678901234 }) : null,
      client_read_only_metadata: JSON.stringify(i % 2 === 0 ? 'just a string' : 42),
      server_metadata: i % 4 === 0 ? JSON.stringify(null) : null,
      password_hash: null,
      otp_auth_enabled: i % 2 === 1,
      totp_secret_base64: null,
      selected_team_id: i % 2 === 0 ? teamId : null,
      signed_up_at_millis: 1_700_000_000_000 + i * 1000.5,
      last_active_at_millis: 1e15 + i,
    })
    .execute();
  for (let c = 0; c < i % 3; c++) {
    await db
      .insertInto('contact_channels')
      .values({ id: crypto.randomUUID(), project_id: PROJECT, user_id: id, type: 'email', value: `r${i}-${c}@example.com`, is_verified: c === 0, is_primary: c === 0, used_for_auth: false, created_at_millis: 5 - c })
      .execute();
  }
  if (i % 2 === 1) {
    for (const provider of ['google', 'github']) {
      await db.insertInto('oauth_accounts').values({ project_id: PROJECT, provider_id: provider, account_id: `${provider}-${i}`, user_id: id, email: null, created_at_millis: 7 }).execute();
    }
  }
  if (i % 3 === 1) {
    await db.insertInto('passkeys').values({ user_id: id, project_id: PROJECT, credential_id: `cred-${id}`, public_key: 'key', counter: 3, transports: '["usb"]', created_at_millis: 9 }).execute();
  }
  return id;
}

describe('user records: one aggregating query', () => {
  it('gives exactly the rows read table by table (values, types, order), alone and in lists', async () => {
    const teamId = crypto.randomUUID();
    await emu.db
      .insertInto('teams')
      .values({ id: teamId, project_id: PROJECT, display_name: 'Records', profile_image_url: null, client_metadata: JSON.stringify({ k: [1.25] }), client_read_only_metadata: null, server_metadata: JSON.stringify(false), created_at_millis: 1.5 })
      .execute();
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await insertUser(emu.db, i, teamId));
    const expected = await Promise.all(ids.map((id) => recordTableByTable(emu.db, id)));

    for (const [i, id] of ids.entries()) expect(await getUser(emu.db, PROJECT, id)).toStrictEqual(expected[i]);
    expect(await getUsers(emu.db, PROJECT, [...ids].reverse())).toStrictEqual([...expected].reverse());
    const listed = (await listUsers(emu.db, PROJECT, {})).users.filter((u) => ids.includes(u.row.id));
    expect(listed).toStrictEqual(expected);
    expect(await newestUsers(emu.db, PROJECT, 3)).toStrictEqual(expected.slice(-3).reverse());
    const members = (await listUsers(emu.db, PROJECT, { teamId })).users;
    expect(members).toStrictEqual([]);
  });

  it('lists team members, a search, and inclusive cursor pages', async () => {
    const teamId = crypto.randomUUID();
    await emu.db
      .insertInto('teams')
      .values({ id: teamId, project_id: PROJECT, display_name: 'Pages', profile_image_url: null, client_metadata: null, client_read_only_metadata: null, server_metadata: null, created_at_millis: 0 })
      .execute();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await insertUser(emu.db, 100 + i, teamId));
    for (const id of ids.slice(1, 4)) {
      await emu.db.insertInto('team_members').values({ project_id: PROJECT, team_id: teamId, user_id: id, display_name: null, profile_image_url: null, created_at_millis: 0 }).execute();
    }
    const inTeam = await listUsers(emu.db, PROJECT, { teamId });
    expect(inTeam.users.map((u) => u.row.id)).toEqual(ids.slice(1, 4));
    const page = await listUsers(emu.db, PROJECT, { teamId, desc: true, cursor: ids[2], limit: 1 });
    expect({ ids: page.users.map((u) => u.row.id), next: page.nextCursor }).toEqual({ ids: [ids[2]], next: ids[1] });
    expect((await listUsers(emu.db, PROJECT, { query: 'R104-1@EXAMPLE' })).users.map((u) => u.row.id)).toEqual([ids[4]]);
    expect((await listUsers(emu.db, PROJECT, { cursor: crypto.randomUUID() })).users).toEqual([]);
  });
});

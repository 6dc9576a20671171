import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { call, errorCode } from '../../testing/emulator/requests.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
});
afterAll(() => emu.close());

const SYSTEM = [
  { id: '$delete_team', description: 'Delete the team', contained_permission_ids: [] },
  { id: '$invite_members', description: 'Invite other users to the team', contained_permission_ids: [] },
  { id: '$read_members', description: 'Read and list the other members of the team', contained_permission_ids: [] },
  { id: '$remove_members', description: 'Remove other members from the team', contained_permission_ids: [] },
  { id: '$update_team', description: 'Update the team information', contained_permission_ids: [] },
];

async function teamWithMember() {
  const u = await signUp(emu);
  const team = (await call(emu, 'POST', '/teams', { accessType: 'server', json: { display_name: 'P' } })).body as { id: string };
  await call(emu, 'POST', `/team-memberships/${team.id}/${u.userId}`, { accessType: 'server', json: {} });
  return { u, teamId: team.id };
}

describe('permission definitions (admin)', () => {
  it('lists the defaults and the five system permissions sorted by id', async () => {
    const r = await call(emu, 'GET', '/team-permission-definitions', { accessType: 'admin' });
    expect(r.body).toEqual({
      items: [
        ...SYSTEM,
        {
          id: 'admin',
          description: 'Default permission for team creators',
          contained_permission_ids: ['$delete_team', '$invite_members', '$read_members', '$remove_members', '$update_team'],
        },
        { id: 'member', description: 'Default permission for team members', contained_permission_ids: ['$invite_members', '$read_members'] },
      ],
      is_paginated: false,
    });
    expect(errorCode(await call(emu, 'GET', '/team-permission-definitions', { accessType: 'server' }))).toBe('INSUFFICIENT_ACCESS_TYPE');
  });

  it('create, update (rename carries grants), delete; containment must exist; description omitted when empty', async () => {
    const created = await call(emu, 'POST', '/team-permission-definitions', { accessType: 'admin', json: { id: 'read_secret', contained_permission_ids: ['$read_members'] } });
    expect([created.status, created.body]).toEqual([201, { id: 'read_secret', contained_permission_ids: ['$read_members'] }]);
    const missing = await call(emu, 'POST', '/team-permission-definitions', { accessType: 'admin', json: { id: 'x', contained_permission_ids: ['nope'] } });
    expect(missing.body).toEqual({
      code: 'CONTAINED_PERMISSION_NOT_FOUND',
      details: { permission_id: 'nope' },
      error: 'Contained permission with ID "nope" not found. Make sure you created it on the dashboard.',
    });
    const bad = await call(emu, 'POST', '/team-permission-definitions', { accessType: 'admin', json: { id: 'Bad-Id' } });
    expect((bad.body as { error: string }).error).toContain('  - Only lowercase letters, numbers, ":", "_" are allowed');
    const { u, teamId } = await teamWithMember();
    await call(emu, 'POST', `/team-permissions/${teamId}/${u.userId}/read_secret`, { accessType: 'server', json: {} });
    const renamed = await call(emu, 'PATCH', '/team-permission-definitions/read_secret', { accessType: 'admin', json: { id: 'read_more', description: 'More' } });
    expect(renamed.body).toEqual({ id: 'read_more', description: 'More', contained_permission_ids: ['$read_members'] });
    const held = await call(emu, 'GET', `/team-permissions?team_id=${teamId}&user_id=${u.userId}`, { accessType: 'server' });
    expect((held.body as { items: { id: string }[] }).items.map((p) => p.id)).toEqual(['member', 'read_more']);
    expect((await call(emu, 'DELETE', '/team-permission-definitions/read_more', { accessType: 'admin', json: {} })).body).toEqual({ success: true });
    const after = await call(emu, 'GET', `/team-permissions?team_id=${teamId}&user_id=${u.userId}`, { accessType: 'server' });
    expect((after.body as { items: { id: string }[] }).items.map((p) => p.id)).toEqual(['member']);
    expect(errorCode(await call(emu, 'DELETE', '/team-permission-definitions/read_more', { accessType: 'admin' }))).toBe('PERMISSION_NOT_FOUND');
  });
});

describe('permission definitions: duplicate ids in each dialect', () => {
  // A header of the 2.8 client selects the current dialect.
  const current = { 'x-hexclave-client-version': 'js @stackframe/js@2.8.108' };

  it('the x-stack dialect answers the 2.7 backend\'s 500 (its unique constraint failed); the current dialect PERMISSION_ID_ALREADY_EXISTS', async () => {
    await call(emu, 'POST', '/team-permission-definitions', { accessType: 'admin', json: { id: 'dup_one' } });
    await call(emu, 'POST', '/team-permission-definitions', { accessType: 'admin', json: { id: 'dup_two' } });

    const old = await call(emu, 'POST', '/team-permission-definitions', { accessType: 'admin', json: { id: 'dup_one' } });
    expect([old.status, old.headers.get('content-type'), old.headers.get('x-stack-known-error')]).toEqual([500, 'text/plain; charset=utf-8', null]);
    expect(old.text).toMatch(/^Internal Server Error\. The error message follows, but will be stripped in production\. .*"dup_one"/);
    const oldRename = await call(emu, 'PATCH', '/team-permission-definitions/dup_two', { accessType: 'admin', json: { id: 'dup_one' } });
    expect(oldRename.status).toBe(500);

    const message = 'Permission with ID "dup_one" already exists. Choose a different ID.';
    const now = await call(emu, 'POST', '/team-permission-definitions', { accessType: 'admin', headers: current, json: { id: 'dup_one' } });
    expect([now.status, now.body, now.headers.get('x-stack-known-error')]).toEqual([
      400,
      { code: 'PERMISSION_ID_ALREADY_EXISTS', details: { permission_id: 'dup_one' }, error: message },
      'PERMISSION_ID_ALREADY_EXISTS',
    ]);
    const nowRename = await call(emu, 'PATCH', '/team-permission-definitions/dup_two', { accessType: 'admin', headers: current, json: { id: 'dup_one' } });
    expect([nowRename.status, (nowRename.body as { code: string }).code]).toEqual([400, 'PERMISSION_ID_ALREADY_EXISTS']);

    // Nothing was created or renamed by the failed calls.
    const ids = ((await call(emu, 'GET', '/team-permission-definitions', { accessType: 'admin' })).body as { items: { id: string }[] }).items.map((d) => d.id);
    expect(ids.filter((id) => id.startsWith('dup_'))).toEqual(['dup_one', 'dup_two']);
    for (const id of ['dup_one', 'dup_two']) await call(emu, 'DELETE', `/team-permission-definitions/${id}`, { accessType: 'admin' });
  });
});

describe('permission order', () => {
  it('definitions, contained ids and grants sort by upper-cased code units (digits < ":" < letters < "_"), not by locale', async () => {
    const ids = ['ord_b', 'ord_a_x', 'ord_ax', 'ord_a:x', 'ord_a1', 'ord_a10', 'ord_a2'];
    for (const id of ids) await call(emu, 'POST', '/team-permission-definitions', { accessType: 'admin', json: { id } });
    const expected = ['ord_a1', 'ord_a10', 'ord_a2', 'ord_a:x', 'ord_ax', 'ord_a_x', 'ord_b'];
    const listed = ((await call(emu, 'GET', '/team-permission-definitions', { accessType: 'admin' })).body as { items: { id: string }[] }).items;
    expect(listed.map((d) => d.id).filter((id) => id.startsWith('ord_'))).toEqual(expected);

    const parent = await call(emu, 'POST', '/team-permission-definitions', { accessType: 'admin', json: { id: 'ord', contained_permission_ids: ids } });
    expect((parent.body as { contained_permission_ids: string[] }).contained_permission_ids).toEqual(expected);
    const { u, teamId } = await teamWithMember();
    await call(emu, 'POST', `/team-permissions/${teamId}/${u.userId}/ord`, { accessType: 'server', json: {} });
    const held = await call(emu, 'GET', `/team-permissions?team_id=${teamId}&user_id=${u.userId}&recursive=true`, { accessType: 'server' });
    expect((held.body as { items: { id: string }[] }).items.map((p) => p.id)).toEqual(['$invite_members', '$read_members', 'member', 'ord', ...expected]);
    for (const id of ['ord', ...ids]) await call(emu, 'DELETE', `/team-permission-definitions/${id}`, { accessType: 'admin' });
  });
});

describe('team permissions', () => {
  it('recursive listing expands containment; backend default is direct only; sorted by id', async () => {
    const { u, teamId } = await teamWithMember();
    const direct = await call(emu, 'GET', `/team-permissions?team_id=${teamId}&user_id=me`, { token: u.accessToken });
    expect(direct.body).toEqual({ items: [{ id: 'member', user_id: u.userId, team_id: teamId }], is_paginated: false });
    const all = await call(emu, 'GET', `/team-permissions?team_id=${teamId}&user_id=me&recursive=true`, { token: u.accessToken });
    expect((all.body as { items: { id: string }[] }).items.map((p) => p.id)).toEqual(['$invite_members', '$read_members', 'member']);
    const one = await call(emu, 'GET', `/team-permissions?team_id=${teamId}&user_id=me&recursive=true&permission_id=$read_members`, { token: u.accessToken });
    expect(one.body).toEqual({ items: [{ id: '$read_members', user_id: u.userId, team_id: teamId }], is_paginated: false });
    const other = await signUp(emu);
    const denied = await call(emu, 'GET', `/team-permissions?user_id=${other.userId}`, { token: u.accessToken });
    expect([denied.status, denied.text]).toEqual([403, 'Client can only list permissions for their own user. user_id must be either "me" or the ID of the current user']);
  });

  it('grant is idempotent and needs a membership and a known permission; revoke needs a direct grant', async () => {
    const { u, teamId } = await teamWithMember();
    const grant = () => call(emu, 'POST', `/team-permissions/${teamId}/${u.userId}/$update_team`, { accessType: 'server', json: {} });
    expect([(await grant()).status, (await grant()).body]).toEqual([201, { id: '$update_team', user_id: u.userId, team_id: teamId }]);
    expect(errorCode(await call(emu, 'POST', `/team-permissions/${teamId}/${u.userId}/unknown`, { accessType: 'server', json: {} }))).toBe('PERMISSION_NOT_FOUND');
    const stranger = await signUp(emu);
    expect(errorCode(await call(emu, 'POST', `/team-permissions/${teamId}/${stranger.userId}/admin`, { accessType: 'server', json: {} }))).toBe('TEAM_MEMBERSHIP_NOT_FOUND');
    // Held through `member` only: not a direct grant.
    const indirect = await call(emu, 'DELETE', `/team-permissions/${teamId}/${u.userId}/$read_members`, { accessType: 'server', json: {} });
    expect([indirect.status, indirect.body]).toEqual([
      401,
      {
        code: 'TEAM_PERMISSION_NOT_FOUND',
        details: { team_id: teamId, user_id: u.userId, permission_id: '$read_members' },
        error: `User ${u.userId} does not have permission $read_members in team ${teamId}.`,
      },
    ]);
    expect((await call(emu, 'DELETE', `/team-permissions/${teamId}/${u.userId}/$update_team`, { accessType: 'server', json: {} })).body).toEqual({ success: true });
    expect(errorCode(await call(emu, 'POST', `/team-permissions/${teamId}/${u.userId}/$nope`, { accessType: 'server', json: {} }))).toBe('SCHEMA_ERROR');
    expect(errorCode(await call(emu, 'POST', `/team-permissions/${teamId}/${u.userId}/admin`, { token: u.accessToken, json: {} }))).toBe('INSUFFICIENT_ACCESS_TYPE');
  });

  it('a containment cycle lists each permission once', async () => {
    await call(emu, 'POST', '/team-permission-definitions', { accessType: 'admin', json: { id: 'cycle_a' } });
    await call(emu, 'POST', '/team-permission-definitions', { accessType: 'admin', json: { id: 'cycle_b', contained_permission_ids: ['cycle_a'] } });
    await call(emu, 'PATCH', '/team-permission-definitions/cycle_a', { accessType: 'admin', json: { contained_permission_ids: ['cycle_b', '$delete_team'] } });
    const { u, teamId } = await teamWithMember();
    await call(emu, 'POST', `/team-permissions/${teamId}/${u.userId}/cycle_a`, { accessType: 'server', json: {} });
    const all = await call(emu, 'GET', `/team-permissions?team_id=${teamId}&user_id=${u.userId}&recursive=true`, { accessType: 'server' });
    expect((all.body as { items: { id: string }[] }).items.map((p) => p.id)).toEqual(['$delete_team', '$invite_members', '$read_members', 'cycle_a', 'cycle_b', 'member']);
  });
});

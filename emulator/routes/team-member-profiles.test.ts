import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { call, errorCode } from '../../testing/emulator/requests.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

async function setup() {
  const owner = await signUp(emu);
  const member = await signUp(emu);
  const team = (await call(emu, 'POST', '/teams', { token: owner.accessToken, json: { display_name: 'Crew', creator_user_id: 'me' } })).body as { id: string };
  await call(emu, 'POST', `/team-memberships/${team.id}/${member.userId}`, { accessType: 'server', json: {} });
  return { owner, member, teamId: team.id };
}

describe('team member profiles', () => {
  it('client list needs team_id and membership; $read_members lists everyone, oldest first', async () => {
    const { owner, member, teamId } = await setup();
    const noTeam = await call(emu, 'GET', '/team-member-profiles', { token: owner.accessToken });
    expect([noTeam.status, noTeam.text]).toEqual([400, 'team_id is required for access type client']);
    const list = await call(emu, 'GET', `/team-member-profiles?team_id=${teamId}`, { token: member.accessToken });
    expect(list.body).toEqual({
      items: [
        { team_id: teamId, user_id: owner.userId, display_name: null, profile_image_url: null },
        { team_id: teamId, user_id: member.userId, display_name: null, profile_image_url: null },
      ],
      is_paginated: false,
    });
    const outsider = await signUp(emu);
    expect(errorCode(await call(emu, 'GET', `/team-member-profiles?team_id=${teamId}`, { token: outsider.accessToken }))).toBe('TEAM_MEMBERSHIP_NOT_FOUND');
    // Without $read_members a member sees only itself.
    await call(emu, 'DELETE', `/team-permissions/${teamId}/${member.userId}/member`, { accessType: 'server', json: {} });
    expect(errorCode(await call(emu, 'GET', `/team-member-profiles?team_id=${teamId}`, { token: member.accessToken }))).toBe('TEAM_PERMISSION_REQUIRED');
    const own = await call(emu, 'GET', `/team-member-profiles?team_id=${teamId}&user_id=me`, { token: member.accessToken });
    expect((own.body as { items: unknown[] }).items).toHaveLength(1);
    expect(errorCode(await call(emu, 'GET', `/team-member-profiles/${teamId}/${owner.userId}`, { token: member.accessToken }))).toBe('TEAM_PERMISSION_REQUIRED');
  });

  it('update own profile only; server view carries the user; names fall back to the user', async () => {
    const { owner, member, teamId } = await setup();
    await call(emu, 'PATCH', '/users/me', { token: member.accessToken, json: { display_name: 'Mia' } });
    const server = await call(emu, 'GET', `/team-member-profiles/${teamId}/${member.userId}`, { accessType: 'server' });
    expect(server.body).toMatchObject({ team_id: teamId, user_id: member.userId, display_name: 'Mia', user: { id: member.userId, display_name: 'Mia' } });
    const updated = await call(emu, 'PATCH', `/team-member-profiles/${teamId}/me`, { token: member.accessToken, json: { display_name: 'Mia (Crew)' } });
    expect(updated.body).toEqual({ team_id: teamId, user_id: member.userId, display_name: 'Mia (Crew)', profile_image_url: null });
    const other = await call(emu, 'PATCH', `/team-member-profiles/${teamId}/${owner.userId}`, { token: member.accessToken, json: { display_name: 'x' } });
    expect([other.status, other.text]).toEqual([403, "Cannot update another user's profile"]);
  });

  it('memberships: add (409 twice), leave self, remove others with $remove_members', async () => {
    const { owner, member, teamId } = await setup();
    const again = await call(emu, 'POST', `/team-memberships/${teamId}/${member.userId}`, { accessType: 'server', json: {} });
    expect([again.status, again.body]).toEqual([409, { code: 'TEAM_MEMBERSHIP_ALREADY_EXISTS', error: 'Team membership already exists.' }]);
    expect(errorCode(await call(emu, 'POST', `/team-memberships/${teamId}/${crypto.randomUUID()}`, { accessType: 'server', json: {} }))).toBe('USER_NOT_FOUND');
    expect(errorCode(await call(emu, 'POST', `/team-memberships/${crypto.randomUUID()}/${member.userId}`, { accessType: 'server', json: {} }))).toBe('TEAM_NOT_FOUND');
    expect(errorCode(await call(emu, 'DELETE', `/team-memberships/${teamId}/${owner.userId}`, { token: member.accessToken, json: {} }))).toBe('TEAM_PERMISSION_REQUIRED');
    expect((await call(emu, 'DELETE', `/team-memberships/${teamId}/${member.userId}`, { token: owner.accessToken, json: {} })).body).toEqual({ success: true });
    expect(errorCode(await call(emu, 'DELETE', `/team-memberships/${teamId}/${member.userId}`, { accessType: 'server', json: {} }))).toBe('TEAM_MEMBERSHIP_NOT_FOUND');
    expect((await call(emu, 'DELETE', `/team-memberships/${teamId}/me`, { token: owner.accessToken, json: {} })).body).toEqual({ success: true });
    expect(errorCode(await call(emu, 'POST', `/team-memberships/${teamId}/${member.userId}`, { token: owner.accessToken, json: {} }))).toBe('INSUFFICIENT_ACCESS_TYPE');
  });
});

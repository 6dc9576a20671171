import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, setProjectConfig, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { call, errorCode } from '../../testing/emulator/requests.ts';
import { DEMO_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

async function createClientTeam(token: string, name = 'Team A') {
  const r = await call(emu, 'POST', '/teams', { token, json: { display_name: name, creator_user_id: 'me' } });
  expect(r.status).toBe(201);
  return r.body as { id: string };
}

describe('teams', () => {
  it('client create: creator becomes a member with the creator defaults; client view; list oldest first', async () => {
    const u = await signUp(emu);
    const before = emu.clock.now();
    const a = await call(emu, 'POST', '/teams', { token: u.accessToken, json: { display_name: 'Alpha', creator_user_id: 'me', client_metadata: { a: 1 } } });
    expect(a.status).toBe(201);
    expect(a.body).toEqual({ id: expect.any(String), display_name: 'Alpha', profile_image_url: null, client_metadata: { a: 1 }, client_read_only_metadata: null });
    expect(Object.keys(a.body as object)).toEqual(['id', 'display_name', 'profile_image_url', 'client_metadata', 'client_read_only_metadata']);
    const b = await createClientTeam(u.accessToken, 'Beta');
    const list = await call(emu, 'GET', '/teams?user_id=me', { token: u.accessToken });
    expect(list.body).toMatchObject({ is_paginated: false, items: [{ display_name: 'Alpha' }, { id: b.id, display_name: 'Beta' }] });
    const perms = await call(emu, 'GET', `/team-permissions?team_id=${(a.body as { id: string }).id}&user_id=me`, { token: u.accessToken });
    expect(perms.body).toEqual({ items: [{ id: 'admin', user_id: u.userId, team_id: (a.body as { id: string }).id }], is_paginated: false });
    const server = await call(emu, 'GET', `/teams/${b.id}`, { accessType: 'server' });
    expect(server.body).toMatchObject({ id: b.id, server_metadata: null });
    expect((server.body as { created_at_millis: number }).created_at_millis).toBeGreaterThanOrEqual(before);
  });

  it('client list needs user_id=me; client create needs the flag, a user and itself as creator', async () => {
    const u = await signUp(emu);
    const noMe = await call(emu, 'GET', '/teams', { token: u.accessToken });
    expect(noMe.status).toBe(403);
    expect(noMe.text).toBe('Client can only list teams for their own user. user_id must be either "me" or the ID of the current user');
    expect(errorCode(await call(emu, 'GET', '/teams?user_id=me'))).toBe('CANNOT_GET_OWN_USER_WITHOUT_USER');
    expect(errorCode(await call(emu, 'POST', '/teams', { json: { display_name: 'x' } }))).toBe('USER_AUTHENTICATION_REQUIRED');
    const other = await signUp(emu);
    const notSelf = await call(emu, 'POST', '/teams', { token: u.accessToken, json: { display_name: 'x', creator_user_id: other.userId } });
    expect(notSelf.status).toBe(403);
    expect(notSelf.text).toBe("You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'.");
    const badImage = await call(emu, 'POST', '/teams', { token: u.accessToken, json: { display_name: 'x', profile_image_url: 'https://example.com/a.png' } });
    expect([badImage.status, badImage.text]).toEqual([400, 'Invalid profile image URL']);
    await setProjectConfig(emu, DEMO_PROJECT.id, { client_team_creation_enabled: false });
    try {
      const off = await call(emu, 'POST', '/teams', { token: u.accessToken, json: { display_name: 'x' } });
      expect([off.status, off.text]).toEqual([403, 'Client team creation is disabled for this project']);
    } finally {
      await setProjectConfig(emu, DEMO_PROJECT.id, { client_team_creation_enabled: true });
    }
  });

  it('get/update/delete: membership and $update_team/$delete_team for clients, TEAM_NOT_FOUND for servers', async () => {
    const owner = await signUp(emu);
    const member = await signUp(emu);
    const team = await createClientTeam(owner.accessToken);
    const outsider = await call(emu, 'GET', `/teams/${team.id}`, { token: member.accessToken });
    expect(outsider.body).toMatchObject({ code: 'TEAM_MEMBERSHIP_NOT_FOUND', details: { team_id: team.id, user_id: member.userId } });
    expect((await call(emu, 'POST', `/team-memberships/${team.id}/${member.userId}`, { accessType: 'server', json: {} })).body).toEqual({ team_id: team.id, user_id: member.userId });
    expect((await call(emu, 'GET', `/teams/${team.id}`, { token: member.accessToken })).status).toBe(200);
    const denied = await call(emu, 'PATCH', `/teams/${team.id}`, { token: member.accessToken, json: { display_name: 'Renamed' } });
    expect(denied.status).toBe(401);
    expect(denied.body).toEqual({
      code: 'TEAM_PERMISSION_REQUIRED',
      details: { team_id: team.id, user_id: member.userId, permission_id: '$update_team' },
      error: `User ${member.userId} does not have permission $update_team in team ${team.id}.`,
    });
    const renamed = await call(emu, 'PATCH', `/teams/${team.id}`, { token: owner.accessToken, json: { display_name: 'Renamed' } });
    expect(renamed.body).toMatchObject({ display_name: 'Renamed' });
    expect(errorCode(await call(emu, 'DELETE', `/teams/${team.id}`, { token: member.accessToken, json: {} }))).toBe('TEAM_PERMISSION_REQUIRED');
    expect((await call(emu, 'DELETE', `/teams/${team.id}`, { token: owner.accessToken, json: {} })).body).toEqual({ success: true });
    const gone = await call(emu, 'GET', `/teams/${team.id}`, { accessType: 'server' });
    expect([gone.status, errorCode(gone)]).toEqual([404, 'TEAM_NOT_FOUND']);
    expect(errorCode(await call(emu, 'PATCH', `/teams/${team.id}`, { accessType: 'admin', json: {} }))).toBe('TEAM_NOT_FOUND');
    expect((await call(emu, 'GET', '/teams/not-a-uuid', { accessType: 'server' })).body).toMatchObject({ code: 'SCHEMA_ERROR' });
  });

  it('server create with metadata and creator; selected_team via PATCH /users/me needs membership', async () => {
    const u = await signUp(emu);
    const created = await call(emu, 'POST', '/teams', {
      accessType: 'server',
      json: { display_name: 'S', creator_user_id: u.userId, server_metadata: { s: true }, client_read_only_metadata: { r: 1 } },
    });
    expect(created.status).toBe(201);
    const team = created.body as { id: string; created_at_millis: number };
    expect(created.body).toEqual({
      id: team.id,
      display_name: 'S',
      profile_image_url: null,
      client_metadata: null,
      client_read_only_metadata: { r: 1 },
      created_at_millis: team.created_at_millis,
      server_metadata: { s: true },
    });
    const stranger = await call(emu, 'POST', '/teams', { accessType: 'server', json: { display_name: 'T' } });
    const denied = await call(emu, 'PATCH', '/users/me', { token: u.accessToken, json: { selected_team_id: (stranger.body as { id: string }).id } });
    expect(errorCode(denied)).toBe('TEAM_MEMBERSHIP_NOT_FOUND');
    const selected = await call(emu, 'PATCH', '/users/me', { token: u.accessToken, json: { selected_team_id: team.id } });
    expect(selected.body).toMatchObject({
      selected_team_id: team.id,
      selected_team: { id: team.id, display_name: 'S', profile_image_url: null, client_metadata: null, client_read_only_metadata: { r: 1 } },
    });
    // Leaving the team unselects it.
    await call(emu, 'DELETE', `/team-memberships/${team.id}/me`, { token: u.accessToken, json: {} });
    expect((await call(emu, 'GET', '/users/me', { token: u.accessToken })).body).toMatchObject({ selected_team_id: null, selected_team: null });
    const byTeam = await call(emu, 'GET', `/users?team_id=${team.id}`, { accessType: 'server' });
    expect((byTeam.body as { items: unknown[] }).items).toEqual([]);
  });

  it('create_team_on_sign_up names the team after the display name, then the e-mail', async () => {
    await setProjectConfig(emu, DEMO_PROJECT.id, { create_team_on_sign_up: true });
    try {
      const u = await signUp(emu);
      const teams = await call(emu, 'GET', '/teams?user_id=me', { token: u.accessToken });
      expect((teams.body as { items: unknown[] }).items).toEqual([expect.objectContaining({ display_name: `${u.email}'s Team` })]);
      const named = await call(emu, 'POST', '/users', { accessType: 'server', json: { display_name: 'Ada' } });
      const adaTeams = await call(emu, 'GET', `/teams?user_id=${(named.body as { id: string }).id}`, { accessType: 'server' });
      expect((adaTeams.body as { items: unknown[] }).items).toEqual([expect.objectContaining({ display_name: "Ada's Team" })]);
      const anonymous = await call(emu, 'POST', '/users', { accessType: 'server', json: {} });
      const personal = await call(emu, 'GET', `/teams?user_id=${(anonymous.body as { id: string }).id}`, { accessType: 'server' });
      expect((personal.body as { items: unknown[] }).items).toEqual([expect.objectContaining({ display_name: 'Personal Team' })]);
    } finally {
      await setProjectConfig(emu, DEMO_PROJECT.id, { create_team_on_sign_up: false });
    }
  });
});

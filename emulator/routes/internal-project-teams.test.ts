// The seeded internal project has no team permission definitions and empty creator/member defaults, as the
// backend's seed (issue 19): a client-side team creator there holds no permission. The demo project keeps its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { DEMO_PROJECT, INTERNAL_PROJECT, type SeedProject } from '../domain/seed.ts';
import type { AccessType } from '../../runtime/protocol/headers.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

async function request(project: SeedProject, accessType: AccessType, method: string, path: string, o: { token?: string; json?: unknown } = {}) {
  const res = await emu.fetch(`/api/v1${path}`, {
    method,
    accessType,
    project,
    headers: o.token ? { 'x-stack-access-token': o.token } : {},
    ...(o.json === undefined ? {} : { json: o.json }),
  });
  return { status: res.status, code: res.headers.get('x-stack-known-error'), body: (await res.json()) as Record<string, unknown> };
}

/** A client-created team on `project` with a second member added by the server. */
async function clientTeam(project: SeedProject) {
  const creator = await signUp(emu, { project });
  const other = await signUp(emu, { project });
  const team = await request(project, 'client', 'POST', '/teams', { token: creator.accessToken, json: { display_name: 'Crew', creator_user_id: 'me' } });
  expect(team.status).toBe(201);
  const teamId = String(team.body.id);
  expect((await request(project, 'server', 'POST', `/team-memberships/${teamId}/${other.userId}`, { json: {} })).status).toBe(201);
  return { creator, other, teamId };
}

describe('the internal project seed', () => {
  it('lists only the five system permissions and has empty creator and member defaults', async () => {
    const defs = await request(INTERNAL_PROJECT, 'admin', 'GET', '/team-permission-definitions');
    expect((defs.body.items as { id: string }[]).map((d) => d.id)).toEqual(['$delete_team', '$invite_members', '$read_members', '$remove_members', '$update_team']);
    const project = await request(INTERNAL_PROJECT, 'admin', 'GET', '/projects/current');
    expect(project.body.config).toMatchObject({ team_creator_default_permissions: [], team_member_default_permissions: [] });
  });

  it('a team creator holds no permission: update, delete, invite, read members and remove members are TEAM_PERMISSION_REQUIRED', async () => {
    const { creator, other, teamId } = await clientTeam(INTERNAL_PROJECT);
    const token = creator.accessToken;
    const held = await request(INTERNAL_PROJECT, 'client', 'GET', `/team-permissions?team_id=${teamId}&user_id=me&recursive=true`, { token });
    expect(held.body.items).toEqual([]);
    const denied = (permissionId: string) => ({ status: 401, code: 'TEAM_PERMISSION_REQUIRED', body: {
      code: 'TEAM_PERMISSION_REQUIRED',
      details: { team_id: teamId, user_id: creator.userId, permission_id: permissionId },
      error: `User ${creator.userId} does not have permission ${permissionId} in team ${teamId}.`,
    } });
    expect(await request(INTERNAL_PROJECT, 'client', 'PATCH', `/teams/${teamId}`, { token, json: { display_name: 'Renamed' } })).toEqual(denied('$update_team'));
    expect(await request(INTERNAL_PROJECT, 'client', 'DELETE', `/teams/${teamId}`, { token })).toEqual(denied('$delete_team'));
    const invite = { email: 'guest@example.com', team_id: teamId, callback_url: 'http://localhost:3000/handler/team-invitation' };
    expect(await request(INTERNAL_PROJECT, 'client', 'POST', '/team-invitations/send-code', { token, json: invite })).toEqual(denied('$invite_members'));
    expect(await request(INTERNAL_PROJECT, 'client', 'GET', `/team-member-profiles?team_id=${teamId}`, { token })).toEqual(denied('$read_members'));
    expect(await request(INTERNAL_PROJECT, 'client', 'DELETE', `/team-memberships/${teamId}/${other.userId}`, { token, json: {} })).toEqual(denied('$remove_members'));
  });

  it('the demo project keeps its defaults: the creator may rename the team', async () => {
    const { creator, teamId } = await clientTeam(DEMO_PROJECT);
    const renamed = await request(DEMO_PROJECT, 'client', 'PATCH', `/teams/${teamId}`, { token: creator.accessToken, json: { display_name: 'Renamed' } });
    expect([renamed.status, renamed.body.display_name]).toEqual([200, 'Renamed']);
  });
});

import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../protocol/endpoints.ts';
import { KnownErrors } from '../protocol/errors/index.ts';
import {
  addTeamMember,
  createTeam,
  deleteTeam,
  getTeam,
  listTeamMemberProfiles,
  listTeams,
  removeTeamMember,
  updateTeam,
} from './teams.ts';
import { TEAM_ID, USER_ID, expectBodyAccepted, expectCall, serverTeamWire, serverTestContext, serverUserWire, successBody } from '../../testing/runtime/server.ts';

describe('teams', () => {
  it('lists all teams, or those of a user', async () => {
    const { ctx, calls } = serverTestContext({ items: [serverTeamWire], is_paginated: false });
    const [team] = await listTeams(ctx);
    await listTeams(ctx, { userId: USER_ID });
    expectCall(calls[0], 'GET', '/teams');
    expectCall(calls[1], 'GET', `/teams?user_id=${USER_ID}`);
    expect(team).toEqual({
      id: TEAM_ID,
      displayName: "Ada's Team",
      profileImageUrl: null,
      clientMetadata: { theme: 'dark' },
      clientReadOnlyMetadata: null,
      createdAt: new Date(1_700_000_000_000),
      serverMetadata: { plan: 'pro' },
    });
  });

  it('creates with display name, image, creator and metadata', async () => {
    const { ctx, calls } = serverTestContext(new Response(JSON.stringify(serverTeamWire), { status: 201 }));
    await createTeam(ctx, { displayName: 'T', profileImageUrl: null, creatorUserId: USER_ID, serverMetadata: { a: 1 } });
    expectCall(calls[0], 'POST', '/teams', { display_name: 'T', profile_image_url: null, creator_user_id: USER_ID, server_metadata: { a: 1 } });
    expectBodyAccepted(ENDPOINTS.teamsCreate, 'server', calls[0]);
  });

  it('gets a team, or null for TEAM_NOT_FOUND', async () => {
    const { ctx, calls } = serverTestContext(serverTeamWire, { knownError: 'TEAM_NOT_FOUND', details: { team_id: 'x' } });
    expect((await getTeam(ctx, TEAM_ID))?.id).toBe(TEAM_ID);
    expect(await getTeam(ctx, 'x')).toBeNull();
    expectCall(calls[0], 'GET', `/teams/${TEAM_ID}`);
  });

  it('rethrows other errors of getTeam', async () => {
    const { ctx } = serverTestContext({ knownError: 'INVALID_SECRET_SERVER_KEY', details: { project_id: 'p' } });
    await expect(getTeam(ctx, TEAM_ID)).rejects.toBeInstanceOf(KnownErrors.InvalidSecretServerKey);
  });

  it('updates and deletes', async () => {
    const { ctx, calls } = serverTestContext(serverTeamWire, successBody);
    await updateTeam(ctx, TEAM_ID, { displayName: 'N', clientMetadata: null, clientReadOnlyMetadata: { r: 1 }, serverMetadata: { s: 1 }, profileImageUrl: 'https://img' });
    await deleteTeam(ctx, TEAM_ID);
    expectCall(calls[0], 'PATCH', `/teams/${TEAM_ID}`, {
      display_name: 'N',
      client_metadata: null,
      client_read_only_metadata: { r: 1 },
      server_metadata: { s: 1 },
      profile_image_url: 'https://img',
    });
    expectBodyAccepted(ENDPOINTS.teamsUpdate, 'server', calls[0]);
    expectCall(calls[1], 'DELETE', `/teams/${TEAM_ID}`, {});
  });

  it('adds and removes members with the server-typed membership calls', async () => {
    const { ctx, calls } = serverTestContext(new Response(JSON.stringify({ team_id: TEAM_ID, user_id: USER_ID }), { status: 201 }), successBody);
    expect(await addTeamMember(ctx, TEAM_ID, USER_ID)).toEqual({ teamId: TEAM_ID, userId: USER_ID });
    await removeTeamMember(ctx, TEAM_ID, USER_ID);
    expectCall(calls[0], 'POST', `/team-memberships/${TEAM_ID}/${USER_ID}`, {});
    expectCall(calls[1], 'DELETE', `/team-memberships/${TEAM_ID}/${USER_ID}`, {});
    for (const call of calls) expect(call.headers.get('x-stack-access-type')).toBe('server');
  });

  it('propagates TEAM_MEMBERSHIP_ALREADY_EXISTS', async () => {
    const { ctx } = serverTestContext({ knownError: 'TEAM_MEMBERSHIP_ALREADY_EXISTS' });
    await expect(addTeamMember(ctx, TEAM_ID, USER_ID)).rejects.toBeInstanceOf(KnownErrors.TeamMembershipAlreadyExists);
  });

  it('lists member profiles with their server users', async () => {
    const profile = { team_id: TEAM_ID, user_id: USER_ID, display_name: 'Ada in T', profile_image_url: null, user: serverUserWire };
    const { ctx, calls } = serverTestContext({ items: [profile], is_paginated: false });
    const [member] = await listTeamMemberProfiles(ctx, TEAM_ID);
    expectCall(calls[0], 'GET', `/team-member-profiles?team_id=${TEAM_ID}`);
    expect(member?.displayName).toBe('Ada in T');
    expect(member?.user.lastActiveAt).toEqual(new Date(1_700_000_500_000));
  });
});

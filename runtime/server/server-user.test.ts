import { describe, expect, it } from 'vitest';
import { serverUserSchema, toServerUser } from '../protocol/schemas/user.ts';
import { serverUser } from './server-user.ts';
import { TEAM_ID, USER_ID, expectCall, serverTeamWire, serverTestContext, serverUserWire, successBody } from '../../testing/runtime/server.ts';

const user = (ctx: Parameters<typeof serverUser>[0]) => serverUser(ctx, toServerUser(serverUserSchema.parse(serverUserWire)));

describe('server user object', () => {
  it('exposes the camelCase model', () => {
    const { ctx } = serverTestContext();
    const u = user(ctx);
    expect(u).toMatchObject({
      id: USER_ID,
      displayName: 'Ada',
      primaryEmail: 'ada@example.com',
      primaryEmailVerified: true,
      primaryEmailAuthEnabled: true,
      signedUpAt: new Date(1_700_000_000_000),
      lastActiveAt: new Date(1_700_000_500_000),
      serverMetadata: { managedProjectIds: [] },
      clientReadOnlyMetadata: { tier: 1 },
      hasPassword: true,
      emailAuthEnabled: true,
      isMultiFactorRequired: false,
      oauthProviders: [{ id: 'github', accountId: '42', email: 'ada@github.example' }],
      selectedTeamId: TEAM_ID,
    });
    expect(u.selectedTeam?.serverMetadata).toEqual({ plan: 'pro' });
  });

  it('updates through PATCH /users/{id} with each setter', async () => {
    const { ctx, calls } = serverTestContext(serverUserWire);
    const u = user(ctx);
    await u.update({ displayName: 'X' });
    await u.setDisplayName(null);
    await u.setClientMetadata({ c: 1 });
    await u.setClientReadOnlyMetadata({ r: 1 });
    await u.setServerMetadata({ s: 1 });
    await u.setSelectedTeam({ id: TEAM_ID });
    await u.setSelectedTeam(null);
    await u.setPrimaryEmail('new@example.com', { verified: true });
    await u.setPrimaryEmail('other@example.com');
    const bodies = [
      { display_name: 'X' },
      { display_name: null },
      { client_metadata: { c: 1 } },
      { client_read_only_metadata: { r: 1 } },
      { server_metadata: { s: 1 } },
      { selected_team_id: TEAM_ID },
      { selected_team_id: null },
      { primary_email: 'new@example.com', primary_email_verified: true },
      { primary_email: 'other@example.com' },
    ];
    bodies.forEach((body, i) => expectCall(calls[i], 'PATCH', `/users/${USER_ID}`, body));
  });

  it('deletes itself', async () => {
    const { ctx, calls } = serverTestContext(successBody);
    await user(ctx).delete();
    expectCall(calls[0], 'DELETE', `/users/${USER_ID}`, {});
  });

  it('lists, gets, creates and leaves teams', async () => {
    const teams = { items: [serverTeamWire], is_paginated: false };
    const { ctx, calls } = serverTestContext(teams, teams, teams, new Response(JSON.stringify(serverTeamWire), { status: 201 }), successBody);
    const u = user(ctx);
    expect((await u.listTeams()).map((t) => t.id)).toEqual([TEAM_ID]);
    expect((await u.getTeam(TEAM_ID))?.displayName).toBe("Ada's Team");
    expect(await u.getTeam('not-mine')).toBeNull();
    await u.createTeam({ displayName: 'New' });
    await u.leaveTeam(TEAM_ID);
    expectCall(calls[0], 'GET', `/teams?user_id=${USER_ID}`);
    expectCall(calls[3], 'POST', '/teams', { display_name: 'New', creator_user_id: USER_ID });
    // The server-typed call, not the SDK's client-typed leaveTeam.
    expectCall(calls[4], 'DELETE', `/team-memberships/${TEAM_ID}/${USER_ID}`, {});
    expect(calls[4]?.headers.get('x-stack-access-type')).toBe('server');
  });

  it('grants, revokes, lists and checks permissions in a team', async () => {
    const perms = { items: [{ id: 'member', user_id: USER_ID, team_id: TEAM_ID }], is_paginated: false };
    const { ctx, calls } = serverTestContext({ id: 'x', user_id: USER_ID, team_id: TEAM_ID }, successBody, perms, perms, perms);
    const u = user(ctx);
    await u.grantPermission({ id: TEAM_ID }, 'x');
    await u.revokePermission(TEAM_ID, 'x');
    expect(await u.listPermissions(TEAM_ID, { recursive: false })).toEqual([{ id: 'member', userId: USER_ID, teamId: TEAM_ID }]);
    expect(await u.hasPermission(TEAM_ID, 'member')).toBe(true);
    expect(await u.getPermission(TEAM_ID, 'other')).toBeNull();
    expectCall(calls[0], 'POST', `/team-permissions/${TEAM_ID}/${USER_ID}/x`, {});
    expectCall(calls[1], 'DELETE', `/team-permissions/${TEAM_ID}/${USER_ID}/x`, {});
    expectCall(calls[2], 'GET', `/team-permissions?user_id=${USER_ID}&team_id=${TEAM_ID}&recursive=false`);
    expectCall(calls[3], 'GET', `/team-permissions?user_id=${USER_ID}&team_id=${TEAM_ID}&recursive=true`);
  });

  it('reaches contact channels, sessions and connected accounts of this user', async () => {
    const channel = { user_id: USER_ID, id: 'c', value: 'a@b.co', type: 'email', used_for_auth: false, is_verified: false, is_primary: false };
    const { ctx, calls } = serverTestContext(
      { items: [channel], is_paginated: false },
      channel,
      { access_token: 'at', refresh_token: 'rt' },
      { access_token: 'gho' },
    );
    const u = user(ctx);
    expect((await u.listContactChannels())[0]?.value).toBe('a@b.co');
    await u.createContactChannel({ value: 'a@b.co', type: 'email', usedForAuth: false });
    expect(await u.createSession({ expiresInMillis: 1000 })).toMatchObject({ accessToken: 'at', refreshToken: 'rt' });
    expect((await u.getConnectedAccount('github'))?.accessToken).toBe('gho');
    expectCall(calls[0], 'GET', `/contact-channels?user_id=${USER_ID}`);
    expectCall(calls[1], 'POST', '/contact-channels', { user_id: USER_ID, value: 'a@b.co', type: 'email', used_for_auth: false });
    expectCall(calls[2], 'POST', '/auth/sessions', { user_id: USER_ID, expires_in_millis: 1000 });
    expectCall(calls[3], 'POST', `/connected-accounts/${USER_ID}/github/access-token`, { scope: '' });
  });
});

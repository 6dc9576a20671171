import { describe, expect, it } from 'vitest';
import { serverTeam, userIdOf } from './server-team.ts';
import { toServerTeam } from '../protocol/schemas/team.ts';
import { TEAM_ID, USER_ID, expectCall, serverTeamWire, serverTestContext, serverUserWire, successBody } from '../../testing/runtime/server.ts';

describe('server team object', () => {
  it('carries the team data and acts on it', async () => {
    const profile = { team_id: TEAM_ID, user_id: USER_ID, display_name: 'Ada in T', profile_image_url: 'https://p', user: serverUserWire };
    const { ctx, calls } = serverTestContext(
      { ...serverTeamWire, display_name: 'Renamed' },
      { team_id: TEAM_ID, user_id: USER_ID },
      successBody,
      { items: [profile], is_paginated: false },
      successBody,
    );
    const team = serverTeam(ctx, toServerTeam(serverTeamWire));
    expect(team.displayName).toBe("Ada's Team");
    expect((await team.update({ displayName: 'Renamed' })).displayName).toBe('Renamed');
    await team.addUser(USER_ID);
    await team.removeUser({ id: USER_ID });
    const [member] = await team.listUsers();
    await team.delete();

    expectCall(calls[0], 'PATCH', `/teams/${TEAM_ID}`, { display_name: 'Renamed' });
    expectCall(calls[1], 'POST', `/team-memberships/${TEAM_ID}/${USER_ID}`, {});
    expectCall(calls[2], 'DELETE', `/team-memberships/${TEAM_ID}/${USER_ID}`, {});
    expectCall(calls[3], 'GET', `/team-member-profiles?team_id=${TEAM_ID}`);
    expectCall(calls[4], 'DELETE', `/teams/${TEAM_ID}`, {});
    expect(member?.id).toBe(USER_ID);
    expect(member?.primaryEmail).toBe('ada@example.com');
    expect(member?.teamProfile).toEqual({ displayName: 'Ada in T', profileImageUrl: 'https://p' });
    expect(typeof member?.update).toBe('function');
  });

  it('invites by e-mail and lists invitations', async () => {
    const { ctx, calls } = serverTestContext({ success: true, id: 'i' }, { items: [], is_paginated: false });
    const team = serverTeam(ctx, toServerTeam(serverTeamWire));
    await team.inviteUser({ email: 'bob@example.com', callbackUrl: 'https://app.example.com/handler/team-invitation' });
    expect(await team.listInvitations()).toEqual([]);
    expectCall(calls[0], 'POST', '/team-invitations/send-code', { email: 'bob@example.com', team_id: TEAM_ID, callback_url: 'https://app.example.com/handler/team-invitation' });
    expectCall(calls[1], 'GET', `/team-invitations?team_id=${TEAM_ID}`);
  });

  it('accepts a user or its id', () => {
    expect(userIdOf('u')).toBe('u');
    expect(userIdOf({ id: 'v' })).toBe('v');
  });
});

import { expect, test } from 'vitest';
import { serverUserWire } from '../../../testing/runtime/protocol/fixtures.ts';
import {
  serverTeamMemberProfileSchema,
  teamInvitationSchema,
  teamMemberProfileSchema,
  teamMembershipSchema,
  teamPermissionSchema,
  toServerTeamMemberProfile,
  toTeamInvitation,
  toTeamMemberProfile,
  toTeamMembership,
  toTeamPermission,
} from './team-membership.ts';

const profile = { team_id: 't', user_id: 'u', display_name: 'Ada', profile_image_url: null };

test('team member profile (client and server views)', () => {
  expect(toTeamMemberProfile(teamMemberProfileSchema.parse({ ...profile, user: serverUserWire }))).toEqual({
    teamId: 't',
    userId: 'u',
    displayName: 'Ada',
    profileImageUrl: null,
  });
  const server = toServerTeamMemberProfile(serverTeamMemberProfileSchema.parse({ ...profile, user: serverUserWire }));
  expect(server.user.lastActiveAt).toEqual(new Date(serverUserWire.last_active_at_millis));
});

test('membership, invitation, permission', () => {
  expect(toTeamMembership(teamMembershipSchema.parse({ team_id: 't', user_id: 'u' }))).toEqual({ teamId: 't', userId: 'u' });
  expect(toTeamInvitation(teamInvitationSchema.parse({ id: 'i', team_id: 't', expires_at_millis: 0, recipient_email: 'x@y.zz' }))).toEqual({
    id: 'i',
    teamId: 't',
    recipientEmail: 'x@y.zz',
    expiresAt: new Date(0),
  });
  expect(toTeamPermission(teamPermissionSchema.parse({ id: '$read_members', user_id: 'u', team_id: 't' }))).toEqual({
    id: '$read_members',
    userId: 'u',
    teamId: 't',
  });
});

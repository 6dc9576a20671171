// The page's reading and writing of entity JSON (the protocol's schemas and mappers). Loaded on first use:
// the page's initial bundle then carries no zod, and the worker has already checked the transport.
import {
  contactChannelSchema,
  toContactChannel,
  toContactChannelCreateWire,
  toContactChannelUpdateWire,
  type ContactChannelData,
} from '../../protocol/schemas/contact-channel.ts';
import { connectedAccountTokenSchema } from '../../protocol/schemas/admin.ts';
import { userChangeSchema, type UserChangeData } from '../../bridge/user-change.ts';
import { listResponseSchema } from '../../protocol/schemas/list.ts';
import { clientProjectSchema, toClientProject, type ClientProjectData } from '../../protocol/schemas/project.ts';
import { clientTeamSchema, toTeam, toTeamUpdateWire, type TeamData } from '../../protocol/schemas/team.ts';
import {
  teamInvitationSchema,
  teamMemberProfileSchema,
  teamPermissionSchema,
  toTeamInvitation,
  toTeamMemberProfile,
  toTeamPermission,
  type TeamInvitationData,
  type TeamMemberProfileData,
  type TeamPermissionData,
} from '../../protocol/schemas/team-membership.ts';
import { clientUserSchema, toCurrentUser, toUserUpdateWire, type CurrentUserData } from '../../protocol/schemas/user.ts';

export { toContactChannelCreateWire, toContactChannelUpdateWire, toTeamUpdateWire, toUserUpdateWire };

export function readCurrentUser(body: unknown): CurrentUserData {
  return toCurrentUser(clientUserSchema.parse(body));
}

/** A connected account's provider access token (POST /connected-accounts/me/{provider}/access-token). */
export function readProviderAccessToken(body: unknown): string {
  return connectedAccountTokenSchema.parse(body).access_token;
}

export function readClientProject(body: unknown): ClientProjectData {
  return toClientProject(clientProjectSchema.parse(body));
}

export function readContactChannel(body: unknown): ContactChannelData {
  return toContactChannel(contactChannelSchema.parse(body));
}

const channelList = listResponseSchema(contactChannelSchema);

export function readContactChannels(body: unknown): ContactChannelData[] {
  return channelList.parse(body).items.map(toContactChannel);
}

export function readTeam(body: unknown): TeamData {
  return toTeam(clientTeamSchema.parse(body));
}

const teamList = listResponseSchema(clientTeamSchema);

export function readTeams(body: unknown): TeamData[] {
  return teamList.parse(body).items.map(toTeam);
}

export function readTeamMemberProfile(body: unknown): TeamMemberProfileData {
  return toTeamMemberProfile(teamMemberProfileSchema.parse(body));
}

const profileList = listResponseSchema(teamMemberProfileSchema);

export function readTeamMemberProfiles(body: unknown): TeamMemberProfileData[] {
  return profileList.parse(body).items.map(toTeamMemberProfile);
}

const invitationList = listResponseSchema(teamInvitationSchema);

export function readTeamInvitations(body: unknown): TeamInvitationData[] {
  return invitationList.parse(body).items.map(toTeamInvitation);
}

const permissionList = listResponseSchema(teamPermissionSchema);

export function readTeamPermissions(body: unknown): TeamPermissionData[] {
  return permissionList.parse(body).items.map(toTeamPermission);
}

/** A user change the session host sent (runtime/host/user-feed.ts), checked; null when malformed. */
export function readUserChange(raw: unknown): UserChangeData | null {
  const parsed = userChangeSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

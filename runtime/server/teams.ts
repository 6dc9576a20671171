// Teams and memberships as camelCase data. Membership changes use the
// server-typed calls (not the SDK's client-typed leaveTeam).

import { ENDPOINTS } from '../protocol/endpoints.ts';
import { dropUndefined } from '../protocol/schemas/common.ts';
import { toServerTeam, toTeamUpdateWire, type ServerTeamData, type ServerTeamUpdate } from '../protocol/schemas/team.ts';
import {
  toServerTeamMemberProfile,
  toTeamMembership,
  type ServerTeamMemberProfileData,
  type TeamMembershipData,
} from '../protocol/schemas/team-membership.ts';
import { callEndpoint, orNullOn, type AppContext } from './context.ts';

export interface ServerTeamCreateOptions {
  displayName: string;
  profileImageUrl?: string | null;
  /** Added as the first member, with the creator default permissions. */
  creatorUserId?: string;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
}

export type ServerTeamUpdateOptions = ServerTeamUpdate;

export interface ListTeamsOptions {
  /** Only the teams this user is a member of. */
  userId?: string;
}

function toServerTeamCreateWire(options: ServerTeamCreateOptions): Record<string, unknown> {
  return dropUndefined({
    display_name: options.displayName,
    profile_image_url: options.profileImageUrl,
    creator_user_id: options.creatorUserId,
    client_metadata: options.clientMetadata,
    client_read_only_metadata: options.clientReadOnlyMetadata,
    server_metadata: options.serverMetadata,
  });
}

export async function listTeams(ctx: AppContext, options: ListTeamsOptions = {}): Promise<ServerTeamData[]> {
  const wire = await callEndpoint(ctx, ENDPOINTS.teamsList, { query: { user_id: options.userId } });
  return wire.items.map(toServerTeam);
}

export async function createTeam(ctx: AppContext, options: ServerTeamCreateOptions): Promise<ServerTeamData> {
  return toServerTeam(await callEndpoint(ctx, ENDPOINTS.teamsCreate, { body: toServerTeamCreateWire(options) }));
}

/** null for an unknown team (TEAM_NOT_FOUND), as the SDK's getTeam. */
export function getTeam(ctx: AppContext, teamId: string): Promise<ServerTeamData | null> {
  return orNullOn('TEAM_NOT_FOUND', async () => toServerTeam(await callEndpoint(ctx, ENDPOINTS.teamsGet, { params: { team_id: teamId } })));
}

export async function updateTeam(ctx: AppContext, teamId: string, options: ServerTeamUpdateOptions): Promise<ServerTeamData> {
  return toServerTeam(await callEndpoint(ctx, ENDPOINTS.teamsUpdate, { params: { team_id: teamId }, body: toTeamUpdateWire(options) }));
}

export async function deleteTeam(ctx: AppContext, teamId: string): Promise<void> {
  await callEndpoint(ctx, ENDPOINTS.teamsDelete, { params: { team_id: teamId }, body: {} });
}

/** Rejects with TEAM_MEMBERSHIP_ALREADY_EXISTS, USER_NOT_FOUND or TEAM_NOT_FOUND. */
export async function addTeamMember(ctx: AppContext, teamId: string, userId: string): Promise<TeamMembershipData> {
  return toTeamMembership(await callEndpoint(ctx, ENDPOINTS.teamMembershipsCreate, { params: { team_id: teamId, user_id: userId }, body: {} }));
}

export async function removeTeamMember(ctx: AppContext, teamId: string, userId: string): Promise<void> {
  await callEndpoint(ctx, ENDPOINTS.teamMembershipsDelete, { params: { team_id: teamId, user_id: userId }, body: {} });
}

/** Member profiles of a team; the server view carries each member's full user. */
export async function listTeamMemberProfiles(ctx: AppContext, teamId: string): Promise<ServerTeamMemberProfileData[]> {
  const wire = await callEndpoint(ctx, ENDPOINTS.teamMemberProfilesList, { query: { team_id: teamId } });
  return wire.items.map(toServerTeamMemberProfile);
}

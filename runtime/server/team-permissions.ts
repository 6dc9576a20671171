// Team permissions of a user: grant, revoke, list (recursive by default), check.

import { ENDPOINTS } from '../protocol/endpoints.ts';
import { toTeamPermission, type TeamPermissionData } from '../protocol/schemas/team-membership.ts';
import { callEndpoint, type AppContext } from './context.ts';

/** A team, or its id. */
export type TeamRef = string | { id: string };

export function teamIdOf(team: TeamRef): string {
  return typeof team === 'string' ? team : team.id;
}

export interface ListPermissionsOptions {
  /** Include permissions contained in granted ones. Default true (the backend's own default is false, so it is always sent). */
  recursive?: boolean;
}

export async function grantTeamPermission(ctx: AppContext, teamId: string, userId: string, permissionId: string): Promise<TeamPermissionData> {
  const wire = await callEndpoint(ctx, ENDPOINTS.teamPermissionsGrant, {
    params: { team_id: teamId, user_id: userId, permission_id: permissionId },
    body: {},
  });
  return toTeamPermission(wire);
}

/** A permission not held directly rejects with TEAM_PERMISSION_NOT_FOUND. */
export async function revokeTeamPermission(ctx: AppContext, teamId: string, userId: string, permissionId: string): Promise<void> {
  await callEndpoint(ctx, ENDPOINTS.teamPermissionsRevoke, {
    params: { team_id: teamId, user_id: userId, permission_id: permissionId },
    body: {},
  });
}

export async function listTeamPermissions(
  ctx: AppContext,
  teamId: string,
  userId: string,
  options: ListPermissionsOptions = {},
): Promise<TeamPermissionData[]> {
  const recursive = options.recursive ?? true;
  const wire = await callEndpoint(ctx, ENDPOINTS.teamPermissionsList, {
    query: { user_id: userId, team_id: teamId, recursive: recursive ? 'true' : 'false' },
  });
  return wire.items.map(toTeamPermission);
}

export async function getTeamPermission(
  ctx: AppContext,
  teamId: string,
  userId: string,
  permissionId: string,
  options: ListPermissionsOptions = {},
): Promise<TeamPermissionData | null> {
  const permissions = await listTeamPermissions(ctx, teamId, userId, options);
  return permissions.find((p) => p.id === permissionId) ?? null;
}

/** True when the user holds the permission in the team, directly or through a containing one. */
export async function hasTeamPermission(ctx: AppContext, teamId: string, userId: string, permissionId: string): Promise<boolean> {
  return (await getTeamPermission(ctx, teamId, userId, permissionId, { recursive: true })) !== null;
}

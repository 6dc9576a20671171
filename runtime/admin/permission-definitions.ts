// Team permission definitions: the five system ones plus the project's own.

import { ENDPOINTS } from '../protocol/endpoints.ts';
import { toPermissionDefinition, toPermissionDefinitionWire, type PermissionDefinitionData } from '../protocol/schemas/admin.ts';
import { callEndpoint, type AppContext } from '../server/context.ts';

export interface TeamPermissionDefinitionCreateOptions {
  /** Lowercase letters, digits, `_` and `:`. */
  id: string;
  description?: string;
  containedPermissionIds?: string[];
}

export type TeamPermissionDefinitionUpdateOptions = Partial<TeamPermissionDefinitionCreateOptions>;

export async function listTeamPermissionDefinitions(ctx: AppContext): Promise<PermissionDefinitionData[]> {
  const wire = await callEndpoint(ctx, ENDPOINTS.teamPermissionDefinitionsList, {});
  return wire.items.map(toPermissionDefinition);
}

/** An unknown contained id rejects with CONTAINED_PERMISSION_NOT_FOUND. */
export async function createTeamPermissionDefinition(ctx: AppContext, options: TeamPermissionDefinitionCreateOptions): Promise<PermissionDefinitionData> {
  const wire = await callEndpoint(ctx, ENDPOINTS.teamPermissionDefinitionsCreate, { body: toPermissionDefinitionWire(options) });
  return toPermissionDefinition(wire);
}

export async function updateTeamPermissionDefinition(
  ctx: AppContext,
  permissionId: string,
  options: TeamPermissionDefinitionUpdateOptions,
): Promise<PermissionDefinitionData> {
  const wire = await callEndpoint(ctx, ENDPOINTS.teamPermissionDefinitionsUpdate, {
    params: { permission_id: permissionId },
    body: toPermissionDefinitionWire(options),
  });
  return toPermissionDefinition(wire);
}

export async function deleteTeamPermissionDefinition(ctx: AppContext, permissionId: string): Promise<void> {
  await callEndpoint(ctx, ENDPOINTS.teamPermissionDefinitionsDelete, { params: { permission_id: permissionId }, body: {} });
}

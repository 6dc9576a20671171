// Team permission definitions (the five system permissions + a project's custom ones) and the permissions
// granted to team members, listed directly or through containment.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { KnownError } from '../core/known-errors.ts';
import { SYSTEM_TEAM_PERMISSIONS } from '../../runtime/protocol/schemas/admin.ts';
import { compareIds, permissionClosure } from './permission-graph.ts';

const SYSTEM_PERMISSION_DESCRIPTIONS: Record<(typeof SYSTEM_TEAM_PERMISSIONS)[number], string> = {
  $update_team: 'Update the team information',
  $delete_team: 'Delete the team',
  $read_members: 'Read and list the other members of the team',
  $remove_members: 'Remove other members from the team',
  $invite_members: 'Invite other users to the team',
};

export function isSystemPermission(id: string): boolean {
  return (SYSTEM_TEAM_PERMISSIONS as readonly string[]).includes(id);
}

export interface PermissionDefinition {
  id: string;
  description: string;
  containedPermissionIds: string[];
}

/** The wire shape: `description` omitted when empty, contained ids sorted. */
export function permissionDefinitionView(def: PermissionDefinition) {
  return {
    id: def.id,
    ...(def.description === '' ? {} : { description: def.description }),
    contained_permission_ids: [...def.containedPermissionIds].sort(compareIds),
  };
}

/** Custom and system definitions of a project, sorted by id. */
export async function listPermissionDefinitions(db: Kysely<Database>, projectId: string): Promise<PermissionDefinition[]> {
  const rows = await db.selectFrom('permission_definitions').selectAll().where('project_id', '=', projectId).execute();
  const custom = rows.map((r) => ({ id: r.id, description: r.description, containedPermissionIds: r.contained_permission_ids as string[] }));
  const system = SYSTEM_TEAM_PERMISSIONS.map((id) => ({ id, description: SYSTEM_PERMISSION_DESCRIPTIONS[id], containedPermissionIds: [] }));
  return [...custom, ...system].sort((a, b) => compareIds(a.id, b.id));
}

async function definitionIds(db: Kysely<Database>, projectId: string): Promise<Set<string>> {
  return new Set((await listPermissionDefinitions(db, projectId)).map((d) => d.id));
}

async function checkContained(db: Kysely<Database>, projectId: string, contained: readonly string[]): Promise<void> {
  const known = await definitionIds(db, projectId);
  for (const id of contained) if (!known.has(id)) throw new KnownError('CONTAINED_PERMISSION_NOT_FOUND', { permission_id: id });
}

async function getCustomDefinition(db: Kysely<Database>, projectId: string, id: string): Promise<PermissionDefinition> {
  const row = await db.selectFrom('permission_definitions').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new KnownError('PERMISSION_NOT_FOUND', { permission_id: id });
  return { id: row.id, description: row.description, containedPermissionIds: row.contained_permission_ids as string[] };
}

export async function createPermissionDefinition(
  db: Kysely<Database>,
  projectId: string,
  def: PermissionDefinition,
  nowMillis: number,
): Promise<PermissionDefinition> {
  await checkContained(db, projectId, def.containedPermissionIds);
  if ((await definitionIds(db, projectId)).has(def.id)) throw new KnownError('PERMISSION_ID_ALREADY_EXISTS', { permission_id: def.id });
  await db
    .insertInto('permission_definitions')
    .values({
      project_id: projectId,
      id: def.id,
      description: def.description,
      contained_permission_ids: JSON.stringify([...new Set(def.containedPermissionIds)]),
      created_at_millis: nowMillis,
    })
    .execute();
  return getCustomDefinition(db, projectId, def.id);
}

/** Renames carry over to grants, to other definitions' containment and to the project's default lists. */
export async function updatePermissionDefinition(
  db: Kysely<Database>,
  projectId: string,
  id: string,
  patch: { id?: string; description?: string; containedPermissionIds?: string[] },
): Promise<PermissionDefinition> {
  const existing = await getCustomDefinition(db, projectId, id);
  if (patch.containedPermissionIds) await checkContained(db, projectId, patch.containedPermissionIds);
  const newId = patch.id ?? id;
  if (newId !== id && (await definitionIds(db, projectId)).has(newId)) {
    throw new KnownError('PERMISSION_ID_ALREADY_EXISTS', { permission_id: newId });
  }
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('permission_definitions')
      .set({
        id: newId,
        description: patch.description ?? existing.description,
        contained_permission_ids: JSON.stringify([...new Set(patch.containedPermissionIds ?? existing.containedPermissionIds)]),
      })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
    if (newId !== id) await replacePermissionReferences(tx, projectId, id, newId);
  });
  return getCustomDefinition(db, projectId, newId);
}

export async function deletePermissionDefinition(db: Kysely<Database>, projectId: string, id: string): Promise<void> {
  await getCustomDefinition(db, projectId, id);
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('permission_definitions').where('project_id', '=', projectId).where('id', '=', id).execute();
    await replacePermissionReferences(tx, projectId, id, null);
  });
}

/** Renames (`to` set) or drops (`to` null) every reference to a custom permission. */
async function replacePermissionReferences(db: Kysely<Database>, projectId: string, from: string, to: string | null): Promise<void> {
  if (to === null) {
    await db.deleteFrom('team_member_permissions').where('project_id', '=', projectId).where('permission_id', '=', from).execute();
  } else {
    await db.updateTable('team_member_permissions').set({ permission_id: to }).where('project_id', '=', projectId).where('permission_id', '=', from).execute();
  }
  const swap = (ids: string[]) => [...new Set(ids.flatMap((p) => (p === from ? (to === null ? [] : [to]) : [p])))];
  const defs = await db.selectFrom('permission_definitions').selectAll().where('project_id', '=', projectId).execute();
  for (const def of defs) {
    const ids = def.contained_permission_ids as string[];
    if (!ids.includes(from)) continue;
    await db
      .updateTable('permission_definitions')
      .set({ contained_permission_ids: JSON.stringify(swap(ids)) })
      .where('project_id', '=', projectId)
      .where('id', '=', def.id)
      .execute();
  }
  const project = await db.selectFrom('projects').select('config').where('id', '=', projectId).executeTakeFirst();
  if (!project) return;
  const config = project.config as Record<string, unknown> & { team_creator_default_permissions: { id: string }[]; team_member_default_permissions: { id: string }[] };
  const swapRefs = (refs: { id: string }[]) => swap(refs.map((r) => r.id)).map((id) => ({ id }));
  await db
    .updateTable('projects')
    .set({
      config: JSON.stringify({
        ...config,
        team_creator_default_permissions: swapRefs(config.team_creator_default_permissions),
        team_member_default_permissions: swapRefs(config.team_member_default_permissions),
      }),
    })
    .where('id', '=', projectId)
    .execute();
}

export interface TeamPermissionGrant {
  id: string;
  user_id: string;
  team_id: string;
}

/** Granted permissions, direct or (recursive) with everything they contain; sorted by team, user, id. */
export async function listTeamPermissions(
  db: Kysely<Database>,
  projectId: string,
  filter: { teamId?: string; userId?: string; permissionId?: string; recursive: boolean },
): Promise<TeamPermissionGrant[]> {
  let query = db.selectFrom('team_member_permissions').selectAll().where('project_id', '=', projectId);
  if (filter.teamId !== undefined) query = query.where('team_id', '=', filter.teamId);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  const rows = await query.execute();
  const contained = new Map((await listPermissionDefinitions(db, projectId)).map((d) => [d.id, d.containedPermissionIds]));
  const byMember = new Map<string, { teamId: string; userId: string; direct: string[] }>();
  for (const row of rows) {
    const key = `${row.team_id}/${row.user_id}`;
    const entry = byMember.get(key) ?? { teamId: row.team_id, userId: row.user_id, direct: [] };
    entry.direct.push(row.permission_id);
    byMember.set(key, entry);
  }
  const result: TeamPermissionGrant[] = [];
  for (const { teamId, userId, direct } of byMember.values()) {
    const ids = filter.recursive ? permissionClosure(direct, (id) => contained.get(id)) : new Set(direct);
    for (const id of ids) {
      if (filter.permissionId === undefined || id === filter.permissionId) result.push({ id, user_id: userId, team_id: teamId });
    }
  }
  return result.sort((a, b) => compareIds(a.team_id, b.team_id) || compareIds(a.user_id, b.user_id) || compareIds(a.id, b.id));
}

/** Idempotent grant; PERMISSION_NOT_FOUND for an unknown id. The caller checks the membership. */
export async function grantTeamPermission(db: Kysely<Database>, projectId: string, teamId: string, userId: string, permissionId: string): Promise<void> {
  if (!(await definitionIds(db, projectId)).has(permissionId)) throw new KnownError('PERMISSION_NOT_FOUND', { permission_id: permissionId });
  await db
    .insertInto('team_member_permissions')
    .values({ project_id: projectId, team_id: teamId, user_id: userId, permission_id: permissionId })
    .onConflict((oc) => oc.columns(['team_id', 'user_id', 'permission_id']).doNothing())
    .execute();
}

/** Returns whether a direct grant was removed. */
export async function revokeTeamPermission(db: Kysely<Database>, teamId: string, userId: string, permissionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('team_member_permissions')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .where('permission_id', '=', permissionId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The `admin` and `member` definitions every new project starts with. */
const DEFAULT_PERMISSION_DEFINITIONS: readonly PermissionDefinition[] = [
  { id: 'admin', description: 'Default permission for team creators', containedPermissionIds: [...SYSTEM_TEAM_PERMISSIONS] },
  { id: 'member', description: 'Default permission for team members', containedPermissionIds: ['$invite_members', '$read_members'] },
];

export async function insertDefaultPermissionDefinitions(db: Kysely<Database>, projectId: string, nowMillis: number): Promise<void> {
  for (const def of DEFAULT_PERMISSION_DEFINITIONS) {
    await db
      .insertInto('permission_definitions')
      .values({
        project_id: projectId,
        id: def.id,
        description: def.description,
        contained_permission_ids: JSON.stringify(def.containedPermissionIds),
        created_at_millis: nowMillis,
      })
      .onConflict((oc) => oc.columns(['project_id', 'id']).doNothing())
      .execute();
  }
}

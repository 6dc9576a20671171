// Teams and memberships: storage, the access checks every team route shares (the backend's request-checks),
// and the default permissions a creator or member receives.
import type { Kysely } from 'kysely';
import type { Database, TeamMemberRow, TeamRow } from '../db/schema.ts';
import { KnownError } from '../core/known-errors.ts';
import { listPermissionDefinitions, listTeamPermissions } from './permissions.ts';
import type { ProjectConfig } from './projects.ts';
import { serverTeamView } from './team-views.ts';
import { emitWebhookEvent } from '../webhooks/events.ts';

const jsonOrNull = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

async function getTeam(db: Kysely<Database>, projectId: string, teamId: string): Promise<TeamRow | null> {
  return (await db.selectFrom('teams').selectAll().where('project_id', '=', projectId).where('id', '=', teamId).executeTakeFirst()) ?? null;
}

export async function ensureTeamExists(db: Kysely<Database>, projectId: string, teamId: string): Promise<TeamRow> {
  const team = await getTeam(db, projectId, teamId);
  if (!team) throw new KnownError('TEAM_NOT_FOUND', { team_id: teamId });
  return team;
}

export async function ensureUserExists(db: Kysely<Database>, projectId: string, userId: string): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('project_id', '=', projectId).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new KnownError('USER_NOT_FOUND');
}

export async function getMembership(db: Kysely<Database>, projectId: string, teamId: string, userId: string): Promise<TeamMemberRow | null> {
  const row = await db
    .selectFrom('team_members')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** USER_NOT_FOUND for an unknown user, else TEAM_MEMBERSHIP_NOT_FOUND unless the user is a member. */
export async function ensureMembershipExists(db: Kysely<Database>, projectId: string, teamId: string, userId: string): Promise<TeamMemberRow> {
  await ensureUserExists(db, projectId, userId);
  const membership = await getMembership(db, projectId, teamId, userId);
  if (!membership) throw new KnownError('TEAM_MEMBERSHIP_NOT_FOUND', { team_id: teamId, user_id: userId });
  return membership;
}

/**
 * Membership, then the permission (through containment unless `recursive` is false):
 * TEAM_PERMISSION_REQUIRED, or TEAM_PERMISSION_NOT_FOUND with `errorType: 'not-exist'`.
 */
export async function ensureTeamPermission(
  db: Kysely<Database>,
  projectId: string,
  o: { teamId: string; userId: string; permissionId: string; recursive?: boolean; errorType?: 'required' | 'not-exist' },
): Promise<void> {
  await ensureMembershipExists(db, projectId, o.teamId, o.userId);
  const held = await listTeamPermissions(db, projectId, {
    teamId: o.teamId,
    userId: o.userId,
    permissionId: o.permissionId,
    recursive: o.recursive ?? true,
  });
  if (held.length === 0) {
    const details = { team_id: o.teamId, user_id: o.userId, permission_id: o.permissionId };
    throw new KnownError(o.errorType === 'not-exist' ? 'TEAM_PERMISSION_NOT_FOUND' : 'TEAM_PERMISSION_REQUIRED', details);
  }
}

export interface TeamFields {
  display_name?: string;
  profile_image_url?: string | null;
  client_metadata?: unknown;
  client_read_only_metadata?: unknown;
  server_metadata?: unknown;
}

export async function createTeam(db: Kysely<Database>, projectId: string, fields: TeamFields & { display_name: string }, nowMillis: number): Promise<TeamRow> {
  const row: TeamRow = {
    id: crypto.randomUUID(),
    project_id: projectId,
    display_name: fields.display_name,
    profile_image_url: fields.profile_image_url ?? null,
    client_metadata: fields.client_metadata ?? null,
    client_read_only_metadata: fields.client_read_only_metadata ?? null,
    server_metadata: fields.server_metadata ?? null,
    created_at_millis: nowMillis,
  };
  await db
    .insertInto('teams')
    .values({
      ...row,
      client_metadata: jsonOrNull(fields.client_metadata),
      client_read_only_metadata: jsonOrNull(fields.client_read_only_metadata),
      server_metadata: jsonOrNull(fields.server_metadata),
    })
    .execute();
  await emitWebhookEvent(db, projectId, 'team.created', serverTeamView(row));
  return row;
}

export async function updateTeam(db: Kysely<Database>, projectId: string, teamId: string, fields: TeamFields): Promise<TeamRow> {
  const patch: Record<string, string | null> = {};
  if (fields.display_name !== undefined) patch.display_name = fields.display_name;
  if (fields.profile_image_url !== undefined) patch.profile_image_url = fields.profile_image_url;
  if (fields.client_metadata !== undefined) patch.client_metadata = jsonOrNull(fields.client_metadata);
  if (fields.client_read_only_metadata !== undefined) patch.client_read_only_metadata = jsonOrNull(fields.client_read_only_metadata);
  if (fields.server_metadata !== undefined) patch.server_metadata = jsonOrNull(fields.server_metadata);
  if (Object.keys(patch).length > 0) await db.updateTable('teams').set(patch).where('project_id', '=', projectId).where('id', '=', teamId).execute();
  const updated = await ensureTeamExists(db, projectId, teamId);
  await emitWebhookEvent(db, projectId, 'team.updated', serverTeamView(updated));
  return updated;
}

/** Deleting a team ends its memberships and unselects it. */
export async function deleteTeam(db: Kysely<Database>, projectId: string, teamId: string): Promise<void> {
  await db.updateTable('users').set({ selected_team_id: null }).where('project_id', '=', projectId).where('selected_team_id', '=', teamId).execute();
  const result = await db.deleteFrom('teams').where('project_id', '=', projectId).where('id', '=', teamId).executeTakeFirst();
  if (result.numDeletedRows > 0n) await emitWebhookEvent(db, projectId, 'team.deleted', { id: teamId });
}

/** Teams of the project (or of one member), oldest first. */
export async function listTeams(db: Kysely<Database>, projectId: string, memberUserId?: string): Promise<TeamRow[]> {
  let query = db.selectFrom('teams').selectAll('teams').where('teams.project_id', '=', projectId);
  if (memberUserId !== undefined) {
    query = query.innerJoin('team_members', 'team_members.team_id', 'teams.id').where('team_members.user_id', '=', memberUserId);
  }
  return query.orderBy('teams.created_at_millis').orderBy('teams.id').execute();
}

/** Adds the membership with the creator or member default permissions of the project config; a member is announced. */
export async function addTeamMember(
  db: Kysely<Database>,
  projectId: string,
  config: Pick<ProjectConfig, 'team_creator_default_permissions' | 'team_member_default_permissions'>,
  o: { teamId: string; userId: string; kind: 'creator' | 'member'; nowMillis: number },
): Promise<void> {
  const defaults = o.kind === 'creator' ? config.team_creator_default_permissions : config.team_member_default_permissions;
  const known = new Set((await listPermissionDefinitions(db, projectId)).map((d) => d.id));
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('team_members')
      .values({ project_id: projectId, team_id: o.teamId, user_id: o.userId, display_name: null, profile_image_url: null, created_at_millis: o.nowMillis })
      .execute();
    for (const { id } of defaults) {
      if (!known.has(id)) continue;
      await tx
        .insertInto('team_member_permissions')
        .values({ project_id: projectId, team_id: o.teamId, user_id: o.userId, permission_id: id })
        .onConflict((oc) => oc.columns(['team_id', 'user_id', 'permission_id']).doNothing())
        .execute();
    }
  });
  // As the backend: only an added member is announced; a team's creator joins inside team.created (teams/crud).
  if (o.kind === 'member') await emitWebhookEvent(db, projectId, 'team_membership.created', { team_id: o.teamId, user_id: o.userId });
}

/** Ends a membership (its permissions go with it) and unselects the team for that user. */
export async function removeTeamMember(db: Kysely<Database>, projectId: string, teamId: string, userId: string): Promise<void> {
  const removed = await db.deleteFrom('team_members').where('project_id', '=', projectId).where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
  if (removed.numDeletedRows > 0n) await emitWebhookEvent(db, projectId, 'team_membership.deleted', { team_id: teamId, user_id: userId });
  await db
    .updateTable('users')
    .set({ selected_team_id: null })
    .where('project_id', '=', projectId)
    .where('id', '=', userId)
    .where('selected_team_id', '=', teamId)
    .execute();
}

/** `create_team_on_sign_up` naming. */
export function personalTeamName(displayName: string | null, primaryEmail: string | null): string {
  if (displayName) return `${displayName}'s Team`;
  if (primaryEmail) return `${primaryEmail}'s Team`;
  return 'Personal Team';
}

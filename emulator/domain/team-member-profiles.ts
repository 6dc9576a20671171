// Team member profiles: a member's per-team name and image, falling back to the user's own.
// A listing is one query: the member rows joined to the user records.
import type { AccessType } from '../../runtime/protocol/headers.ts';
import type { Kysely } from 'kysely';
import { KnownError, type Dialect } from '../core/known-errors.ts';
import type { Database, TeamMemberRow } from '../db/schema.ts';
import { selectUserRecords, toUserRecord, type UserRecord } from './user-record.ts';
import { serverUserView } from './user-views.ts';
import { getUser } from './users.ts';

export interface MemberProfile {
  member: TeamMemberRow;
  user: UserRecord;
}

/** The memberships of the project (of one team and/or one user), oldest first, each with its user. */
export async function listMemberProfiles(db: Kysely<Database>, projectId: string, filter: { teamId?: string; userId?: string }): Promise<MemberProfile[]> {
  let query = selectUserRecords(db, projectId)
    .innerJoin('team_members', 'team_members.user_id', 'users.id')
    .select([
      'team_members.project_id as member_project_id',
      'team_members.team_id as member_team_id',
      'team_members.display_name as member_display_name',
      'team_members.profile_image_url as member_profile_image_url',
      'team_members.created_at_millis as member_created_at_millis',
    ])
    .where('team_members.project_id', '=', projectId);
  if (filter.teamId !== undefined) query = query.where('team_members.team_id', '=', filter.teamId);
  if (filter.userId !== undefined) query = query.where('team_members.user_id', '=', filter.userId);
  const rows = await query.orderBy('team_members.created_at_millis').orderBy('team_members.user_id').execute();
  return rows.map(({ member_project_id, member_team_id, member_display_name, member_profile_image_url, member_created_at_millis, ...user }) => ({
    member: {
      project_id: member_project_id,
      team_id: member_team_id,
      user_id: user.id,
      display_name: member_display_name,
      profile_image_url: member_profile_image_url,
      created_at_millis: member_created_at_millis,
    },
    user: toUserRecord(user),
  }));
}

export async function getMemberProfile(db: Kysely<Database>, projectId: string, member: TeamMemberRow): Promise<MemberProfile> {
  const user = await getUser(db, projectId, member.user_id);
  if (!user) throw new KnownError('USER_NOT_FOUND');
  return { member, user };
}

export async function updateMemberProfile(
  db: Kysely<Database>,
  teamId: string,
  userId: string,
  patch: { display_name?: string; profile_image_url?: string | null },
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('team_members').set(patch).where('team_id', '=', teamId).where('user_id', '=', userId).execute();
}

/** The wire shape: the profile, and for server/admin callers the member's whole user. */
export function memberProfileView({ member, user }: MemberProfile, accessType: AccessType, dialect: Dialect) {
  const profile = {
    team_id: member.team_id,
    user_id: member.user_id,
    display_name: member.display_name ?? user.row.display_name,
    profile_image_url: member.profile_image_url ?? user.row.profile_image_url,
  };
  return accessType === 'client' ? profile : { ...profile, user: serverUserView(user, dialect) };
}

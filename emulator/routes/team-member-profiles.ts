// Team member profiles (protocol.md §7.8): per-team display name and image, with the `$read_members` rules.
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database, TeamMemberRow } from '../db/schema.ts';
import { serverUserView } from '../domain/user-views.ts';
import { getUser } from '../domain/users.ts';
import { ensureMembershipExists, ensureTeamExists, ensureTeamPermission, ensureUserExists } from '../domain/teams.ts';
import type { AppEnv, Auth } from '../http/env.ts';
import { endpoint } from '../http/endpoint.ts';
import { KnownError, type Dialect } from '../core/known-errors.ts';
import { currentUserId, resolveMe } from '../http/me.ts';
import { json, StatusError } from '../http/respond.ts';
import { object, string } from '../http/schema.ts';

const profileParams = object({ team_id: string({ uuid: true }), user_id: string({ uuidOrMe: true }) });

async function profileView(db: Kysely<Database>, auth: Auth, member: TeamMemberRow, dialect: Dialect) {
  const user = await getUser(db, auth.project.id, member.user_id);
  if (!user) throw new KnownError('USER_NOT_FOUND');
  const profile = {
    team_id: member.team_id,
    user_id: member.user_id,
    display_name: member.display_name ?? user.row.display_name,
    profile_image_url: member.profile_image_url ?? user.row.profile_image_url,
  };
  return auth.type === 'client' ? profile : { ...profile, user: serverUserView(user, dialect) };
}

export const teamMemberProfileRoutes = new Hono<AppEnv>()
  .get(
    '/team-member-profiles',
    endpoint(
      { access: 'any', query: object({ user_id: string({ uuidOrMe: true }).optional(), team_id: string({ uuid: true }).optional() }) },
      async (c, { auth, query, smart }) => {
        const db = c.get('services').db;
        const userId = resolveMe(auth, query.user_id);
        if (auth.type === 'client') {
          const self = currentUserId(auth);
          if (query.team_id === undefined) throw new StatusError(400, 'team_id is required for access type client');
          await ensureMembershipExists(db, auth.project.id, query.team_id, self);
          if (userId !== self) await ensureTeamPermission(db, auth.project.id, { teamId: query.team_id, userId: self, permissionId: '$read_members' });
        } else {
          if (query.team_id !== undefined) await ensureTeamExists(db, auth.project.id, query.team_id);
          if (userId !== undefined) await ensureUserExists(db, auth.project.id, userId);
        }
        let rows = db.selectFrom('team_members').selectAll().where('project_id', '=', auth.project.id);
        if (query.team_id !== undefined) rows = rows.where('team_id', '=', query.team_id);
        if (userId !== undefined) rows = rows.where('user_id', '=', userId);
        const members = await rows.orderBy('created_at_millis').orderBy('user_id').execute();
        const items = await Promise.all(members.map((m) => profileView(db, auth, m, smart.dialect)));
        return json({ items, is_paginated: false });
      },
    ),
  )
  .get(
    '/team-member-profiles/:team_id/:user_id',
    endpoint({ access: 'any', params: profileParams }, async (c, { auth, params, smart }) => {
      const db = c.get('services').db;
      const userId = resolveMe(auth, params.user_id);
      if (auth.type === 'client') {
        const self = currentUserId(auth);
        if (userId !== self) await ensureTeamPermission(db, auth.project.id, { teamId: params.team_id, userId: self, permissionId: '$read_members' });
      }
      const member = await ensureMembershipExists(db, auth.project.id, params.team_id, userId);
      return json(await profileView(db, auth, member, smart.dialect));
    }),
  )
  .patch(
    '/team-member-profiles/:team_id/:user_id',
    endpoint(
      {
        access: 'any',
        params: profileParams,
        body: object({ display_name: string().optional(), profile_image_url: string({ url: true, max: 1_000_000 }).nullable().optional() }),
      },
      async (c, { auth, params, body, smart }) => {
        const db = c.get('services').db;
        const userId = resolveMe(auth, params.user_id);
        if (auth.type === 'client' && userId !== currentUserId(auth)) throw new StatusError(403, "Cannot update another user's profile");
        await ensureMembershipExists(db, auth.project.id, params.team_id, userId);
        const patch: { display_name?: string; profile_image_url?: string | null } = {};
        if (body.display_name !== undefined) patch.display_name = body.display_name;
        if (body.profile_image_url !== undefined) patch.profile_image_url = body.profile_image_url;
        if (Object.keys(patch).length > 0) {
          await db.updateTable('team_members').set(patch).where('team_id', '=', params.team_id).where('user_id', '=', userId).execute();
        }
        const member = await ensureMembershipExists(db, auth.project.id, params.team_id, userId);
        return json(await profileView(db, auth, member, smart.dialect));
      },
    ),
  );

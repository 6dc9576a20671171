// Team memberships: server/admin add a member; anyone leaves, `$remove_members` removes others.
import { Hono } from 'hono';
import { addTeamMember, ensureMembershipExists, ensureTeamExists, ensureTeamPermission, ensureUserExists, getMembership, removeTeamMember } from '../domain/teams.ts';
import type { AppEnv } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { KnownError } from '../core/known-errors.ts';
import { currentUserId, resolveMe } from '../http/me.ts';
import { json, success } from '../http/respond.ts';
import { object, string } from '../http/schema.ts';

const membershipParams = object({ team_id: string({ uuid: true }), user_id: string({ uuidOrMe: true }) });

export const teamMembershipRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute('teamMembershipsCreate', { params: membershipParams }, async (c, { auth, params }) => {
      const { db, clock } = c.get('services');
      const userId = resolveMe(auth, params.user_id);
      await ensureUserExists(db, auth.project.id, userId);
      await ensureTeamExists(db, auth.project.id, params.team_id);
      if (await getMembership(db, auth.project.id, params.team_id, userId)) throw new KnownError('TEAM_MEMBERSHIP_ALREADY_EXISTS');
      await addTeamMember(db, auth.project.id, auth.project.config, { teamId: params.team_id, userId, kind: 'member', nowMillis: clock.now() });
      return json({ team_id: params.team_id, user_id: userId }, 201);
    }),
  )
  .on(
    ...tableRoute('teamMembershipsDelete', { params: membershipParams }, async (c, { auth, params }) => {
      const db = c.get('services').db;
      const userId = resolveMe(auth, params.user_id);
      if (auth.type === 'client') {
        // Users may always leave; removing someone else needs $remove_members.
        const self = currentUserId(auth);
        if (userId !== self) await ensureTeamPermission(db, auth.project.id, { teamId: params.team_id, userId: self, permissionId: '$remove_members' });
      }
      await ensureMembershipExists(db, auth.project.id, params.team_id, userId);
      await removeTeamMember(db, auth.project.id, params.team_id, userId);
      return success();
    }),
  );

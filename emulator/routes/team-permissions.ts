// Team permissions: list (recursive defaults to false), grant, revoke.
import { Hono } from 'hono';
import { grantTeamPermission, listTeamPermissions, revokeTeamPermission } from '../domain/permissions.ts';
import { ensureMembershipExists, ensureTeamPermission } from '../domain/teams.ts';
import type { AppEnv } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { currentUserId, resolveMe } from '../http/me.ts';
import { teamPermissionId } from '../http/permission-ids.ts';
import { optional } from '../http/schema-extra.ts';
import { json, success } from '../http/respond.ts';
import { object, string } from '../http/schema.ts';
import { StatusError } from '../core/status-error.ts';

const grantParams = object({ team_id: string({ uuid: true }), user_id: string({ uuidOrMe: true }), permission_id: teamPermissionId() });

export const teamPermissionRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute('teamPermissionsList',
      {
        
        query: object({
          team_id: string({ uuid: true }).optional(),
          user_id: string({ uuidOrMe: true }).optional(),
          permission_id: optional(teamPermissionId()),
          recursive: string({ oneOf: ['true', 'false'] }).optional(),
        }),
      },
      async (c, { auth, query }) => {
        const userId = resolveMe(auth, query.user_id);
        if (auth.type === 'client' && userId !== currentUserId(auth)) {
          throw new StatusError(403, 'Client can only list permissions for their own user. user_id must be either "me" or the ID of the current user');
        }
        const items = await listTeamPermissions(c.get('services').db, auth.project.id, {
          ...(query.team_id === undefined ? {} : { teamId: query.team_id }),
          ...(userId === undefined ? {} : { userId }),
          ...(query.permission_id === undefined ? {} : { permissionId: query.permission_id }),
          recursive: query.recursive === 'true',
        });
        return json({ items, is_paginated: false });
      },
    ),
  )
  .on(
    ...tableRoute('teamPermissionsGrant', { params: grantParams }, async (c, { auth, params }) => {
      const db = c.get('services').db;
      const userId = resolveMe(auth, params.user_id);
      await ensureMembershipExists(db, auth.project.id, params.team_id, userId);
      await grantTeamPermission(db, auth.project.id, params.team_id, userId, params.permission_id);
      return json({ id: params.permission_id, user_id: userId, team_id: params.team_id }, 201);
    }),
  )
  .on(
    ...tableRoute('teamPermissionsRevoke', { params: grantParams }, async (c, { auth, params }) => {
      const db = c.get('services').db;
      const userId = resolveMe(auth, params.user_id);
      await ensureTeamPermission(db, auth.project.id, {
        teamId: params.team_id,
        userId,
        permissionId: params.permission_id,
        recursive: false,
        errorType: 'not-exist',
      });
      await revokeTeamPermission(db, params.team_id, userId, params.permission_id);
      return success();
    }),
  );

// Team member profiles: per-team display name and image, with the `$read_members` rules.
import { Hono } from 'hono';
import { getMemberProfile, listMemberProfiles, memberProfileView, updateMemberProfile } from '../domain/team-member-profiles.ts';
import { ensureMembershipExists, ensureTeamExists, ensureTeamPermission, ensureUserExists } from '../domain/teams.ts';
import type { AppEnv } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { currentUserId, resolveMe } from '../http/me.ts';
import { json } from '../http/respond.ts';
import { object, string } from '../http/schema.ts';
import { StatusError } from '../core/status-error.ts';

const profileParams = object({ team_id: string({ uuid: true }), user_id: string({ uuidOrMe: true }) });

export const teamMemberProfileRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute('teamMemberProfilesList',
      { query: object({ user_id: string({ uuidOrMe: true }).optional(), team_id: string({ uuid: true }).optional() }) },
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
        const profiles = await listMemberProfiles(db, auth.project.id, { teamId: query.team_id, userId });
        return json({ items: profiles.map((p) => memberProfileView(p, auth.type, smart.dialect)), is_paginated: false });
      },
    ),
  )
  .on(
    ...tableRoute('teamMemberProfilesGet', { params: profileParams }, async (c, { auth, params, smart }) => {
      const db = c.get('services').db;
      const userId = resolveMe(auth, params.user_id);
      if (auth.type === 'client') {
        const self = currentUserId(auth);
        if (userId !== self) await ensureTeamPermission(db, auth.project.id, { teamId: params.team_id, userId: self, permissionId: '$read_members' });
      }
      const member = await ensureMembershipExists(db, auth.project.id, params.team_id, userId);
      return json(memberProfileView(await getMemberProfile(db, auth.project.id, member), auth.type, smart.dialect));
    }),
  )
  .on(
    ...tableRoute('teamMemberProfilesUpdate',
      {
        
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
        await updateMemberProfile(db, params.team_id, userId, patch);
        const member = await ensureMembershipExists(db, auth.project.id, params.team_id, userId);
        return json(memberProfileView(await getMemberProfile(db, auth.project.id, member), auth.type, smart.dialect));
      },
    ),
  );

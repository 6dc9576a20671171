// Teams: list, create (client creation flag, creator defaults), read, update, delete.
import { Hono } from 'hono';
import { isBase64Image } from '../domain/base64-image.ts';
import { clientTeamView, serverTeamView } from '../domain/team-views.ts';
import { addTeamMember, createTeam, deleteTeam, ensureMembershipExists, ensureTeamExists, ensureTeamPermission, ensureUserExists, listTeams, updateTeam } from '../domain/teams.ts';
import type { TeamRow } from '../db/schema.ts';
import type { AppEnv, Auth } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { currentUserId, requireUserId, resolveMe } from '../http/me.ts';
import { json, success } from '../http/respond.ts';
import { json as anyJson, object, string, type Infer, type Schema } from '../http/schema.ts';
import { StatusError } from '../core/status-error.ts';

const profileImageUrl = () => string({ url: true, max: 1_000_000 }).nullable().optional();
const clientCreateFields = {
  display_name: string(),
  profile_image_url: profileImageUrl(),
  client_metadata: anyJson().optional(),
  creator_user_id: string({ uuidOrMe: true }).optional(),
};
const serverCreateSchema = object({ ...clientCreateFields, client_read_only_metadata: anyJson().optional(), server_metadata: anyJson().optional() });
const clientCreateSchema: Schema<Infer<typeof serverCreateSchema>> = object(clientCreateFields);
const clientUpdateFields = { display_name: string().optional(), profile_image_url: profileImageUrl(), client_metadata: anyJson().optional() };
const serverUpdateSchema = object({ ...clientUpdateFields, client_read_only_metadata: anyJson().optional(), server_metadata: anyJson().optional() });
const clientUpdateSchema: Schema<Infer<typeof serverUpdateSchema>> = object(clientUpdateFields);
const teamParams = object({ team_id: string({ uuid: true }) });

function teamView(auth: Auth, team: TeamRow) {
  return auth.type === 'client' ? clientTeamView(team) : serverTeamView(team);
}

function checkClientImage(auth: Auth, url: string | null | undefined): void {
  if (auth.type === 'client' && url && !isBase64Image(url)) throw new StatusError(400, 'Invalid profile image URL');
}

export const teamRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute('teamsList', { query: object({ user_id: string({ uuidOrMe: true }).optional() }) }, async (c, { auth, query }) => {
      const userId = resolveMe(auth, query.user_id);
      if (auth.type === 'client' && userId !== currentUserId(auth)) {
        throw new StatusError(403, 'Client can only list teams for their own user. user_id must be either "me" or the ID of the current user');
      }
      const teams = await listTeams(c.get('services').db, auth.project.id, userId);
      return json({ items: teams.map((t) => teamView(auth, t)), is_paginated: false });
    }),
  )
  .on(
    ...tableRoute('teamsCreate', { body: (_d, type) => (type === 'client' ? clientCreateSchema : serverCreateSchema) }, async (c, { auth, body }) => {
      const { db, clock } = c.get('services');
      let creatorId = body.creator_user_id === undefined ? undefined : resolveMe(auth, body.creator_user_id);
      if (auth.type === 'client') {
        const userId = requireUserId(auth);
        if (!auth.project.config.client_team_creation_enabled) throw new StatusError(403, 'Client team creation is disabled for this project');
        checkClientImage(auth, body.profile_image_url);
        if (creatorId === undefined) creatorId = userId;
        else if (creatorId !== userId) {
          throw new StatusError(403, "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'.");
        }
      }
      if (creatorId !== undefined) await ensureUserExists(db, auth.project.id, creatorId);
      const now = clock.now();
      const team = await createTeam(db, auth.project.id, body, now);
      if (creatorId !== undefined) await addTeamMember(db, auth.project.id, auth.project.config, { teamId: team.id, userId: creatorId, kind: 'creator', nowMillis: now });
      return json(teamView(auth, team), 201);
    }),
  )
  .on(
    ...tableRoute('teamsGet', { params: teamParams }, async (c, { auth, params }) => {
      const db = c.get('services').db;
      if (auth.type === 'client') await ensureMembershipExists(db, auth.project.id, params.team_id, requireUserId(auth));
      return json(teamView(auth, await ensureTeamExists(db, auth.project.id, params.team_id)));
    }),
  )
  .on(
    ...tableRoute('teamsUpdate',
      { params: teamParams, body: (_d, type) => (type === 'client' ? clientUpdateSchema : serverUpdateSchema) },
      async (c, { auth, params, body }) => {
        const db = c.get('services').db;
        checkClientImage(auth, body.profile_image_url);
        if (auth.type === 'client') {
          await ensureTeamPermission(db, auth.project.id, { teamId: params.team_id, userId: requireUserId(auth), permissionId: '$update_team' });
        }
        await ensureTeamExists(db, auth.project.id, params.team_id);
        return json(teamView(auth, await updateTeam(db, auth.project.id, params.team_id, body)));
      },
    ),
  )
  .on(
    ...tableRoute('teamsDelete', { params: teamParams }, async (c, { auth, params }) => {
      const db = c.get('services').db;
      if (auth.type === 'client') {
        await ensureTeamPermission(db, auth.project.id, { teamId: params.team_id, userId: requireUserId(auth), permissionId: '$delete_team' });
      }
      await ensureTeamExists(db, auth.project.id, params.team_id);
      await deleteTeam(db, auth.project.id, params.team_id);
      return success();
    }),
  );

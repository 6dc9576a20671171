// Team invitations: send, list, revoke, and the accept/check-code/details trio.
import { Hono } from 'hono';
import { listTeamInvitations, revokeTeamInvitation, sendTeamInvitation, type InvitationData } from '../domain/team-invitations.ts';
import { addTeamMember, ensureMembershipExists, ensureTeamExists, ensureTeamPermission, getMembership } from '../domain/teams.ts';
import { redeemVerificationCode } from '../domain/verification-codes.ts';
import type { AppEnv, Auth } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { currentUserId, requireUserId } from '../http/me.ts';
import { json } from '../http/respond.ts';
import { object, string } from '../http/schema.ts';
import { codeField } from '../http/request-fields.ts';
import type { Services } from '../domain/services.ts';

const teamQuery = object({ team_id: string({ uuid: true }) });
const codeBody = object({ code: codeField() });

/** Client callers must be members holding every one of `permissions`; others need the team to exist. */
async function checkTeamAccess(services: Services, auth: Auth, teamId: string, permissions: readonly string[]): Promise<void> {
  if (auth.type === 'client') {
    const self = currentUserId(auth);
    await ensureMembershipExists(services.db, auth.project.id, teamId, self);
    for (const permissionId of permissions) await ensureTeamPermission(services.db, auth.project.id, { teamId, userId: self, permissionId });
  } else {
    await ensureTeamExists(services.db, auth.project.id, teamId);
  }
}

async function redeem(services: Services, auth: Auth, code: string, consume: boolean): Promise<InvitationData> {
  const row = await redeemVerificationCode(services.db, { projectId: auth.project.id, type: 'team_invitation', code, nowMillis: services.clock.now(), consume });
  return row.data as InvitationData;
}

export const teamInvitationRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute('teamInvitationsSendCode',
      { body: object({ team_id: string({ uuid: true }), email: string({ email: 'plain' }), callback_url: string({ url: true }) }) },
      async (c, { auth, body }) => {
        const services = c.get('services');
        if (auth.type === 'client') {
          await ensureTeamPermission(services.db, auth.project.id, { teamId: body.team_id, userId: requireUserId(auth), permissionId: '$invite_members' });
        }
        const id = await sendTeamInvitation(services, auth.project, { teamId: body.team_id, email: body.email, callbackUrl: body.callback_url });
        return json({ success: true, id });
      },
    ),
  )
  .on(
    ...tableRoute('teamInvitationsList', { query: teamQuery }, async (c, { auth, query }) => {
      const services = c.get('services');
      await checkTeamAccess(services, auth, query.team_id, ['$read_members', '$invite_members']);
      const items = await listTeamInvitations(services.db, auth.project.id, query.team_id, services.clock.now());
      return json({ items, is_paginated: false });
    }),
  )
  .on(
    ...tableRoute('teamInvitationsAcceptCheckCode', { body: codeBody }, async (c, { auth, body }) => {
      await redeem(c.get('services'), auth, body.code, false);
      return json({ is_code_valid: true });
    }),
  )
  .on(
    ...tableRoute('teamInvitationsAcceptDetails', { body: codeBody }, async (c, { auth, body }) => {
      const services = c.get('services');
      const data = await redeem(services, auth, body.code, false);
      requireUserId(auth);
      const team = await ensureTeamExists(services.db, auth.project.id, data.team_id);
      return json({ team_id: team.id, team_display_name: team.display_name });
    }),
  )
  .on(
    ...tableRoute('teamInvitationsAccept', { body: codeBody }, async (c, { auth, body }) => {
      const services = c.get('services');
      const data = await redeem(services, auth, body.code, true);
      const userId = requireUserId(auth);
      await ensureTeamExists(services.db, auth.project.id, data.team_id);
      if (!(await getMembership(services.db, auth.project.id, data.team_id, userId))) {
        await addTeamMember(services.db, auth.project.id, auth.project.config, { teamId: data.team_id, userId, kind: 'member', nowMillis: services.clock.now() });
      }
      return json({});
    }),
  )
  .on(
    ...tableRoute('teamInvitationsDelete', { params: object({ id: string({ uuid: true }) }), query: teamQuery }, async (c, { auth, params, query }) => {
      const services = c.get('services');
      await checkTeamAccess(services, auth, query.team_id, ['$remove_members']);
      await revokeTeamInvitation(services.db, auth.project.id, params.id);
      return json({ success: true });
    }),
  );

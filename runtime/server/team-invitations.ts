// Team invitations: send by e-mail, list the pending ones, revoke.

import { ENDPOINTS } from '../protocol/endpoints.ts';
import { toTeamInvitation, type TeamInvitationData } from '../protocol/schemas/team-membership.ts';
import { callEndpoint, type AppContext } from './context.ts';

export interface TeamInviteOptions {
  email: string;
  /** Where the e-mail's link leads (with `?code=`); must be on the project's trusted domains. */
  callbackUrl: string;
}

export interface ServerTeamInvitation extends TeamInvitationData {
  revoke(): Promise<void>;
}

export async function sendTeamInvitation(ctx: AppContext, teamId: string, options: TeamInviteOptions): Promise<void> {
  await callEndpoint(ctx, ENDPOINTS.teamInvitationsSendCode, {
    body: { email: options.email, team_id: teamId, callback_url: options.callbackUrl },
  });
}

/** Unused, unexpired invitations of the team. */
export async function listTeamInvitations(ctx: AppContext, teamId: string): Promise<ServerTeamInvitation[]> {
  const wire = await callEndpoint(ctx, ENDPOINTS.teamInvitationsList, { query: { team_id: teamId } });
  return wire.items.map((item) => {
    const data = toTeamInvitation(item);
    return {
      ...data,
      revoke: async () => {
        await callEndpoint(ctx, ENDPOINTS.teamInvitationsDelete, { params: { id: data.id }, query: { team_id: teamId }, body: {} });
      },
    };
  });
}

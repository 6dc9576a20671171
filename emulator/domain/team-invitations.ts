// Team invitations are verification codes of type `team_invitation` carrying {team_id, email}.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { KnownError } from '../core/known-errors.ts';
import { renderEmail, sendEmail } from './emails.ts';
import type { Project } from './projects.ts';
import { isTrustedRedirectUrl } from './redirect-urls.ts';
import { ensureTeamExists } from './teams.ts';
import { codeLink, createVerificationCode } from './verification-codes.ts';
import type { Services } from './services.ts';

export interface InvitationData {
  team_id: string;
  email: string;
}

/** Sends the invitation e-mail; returns the invitation (code row) id. */
export async function sendTeamInvitation(
  services: Services,
  project: Project,
  o: { teamId: string; email: string; callbackUrl: string },
): Promise<string> {
  if (!isTrustedRedirectUrl(o.callbackUrl, project.config)) throw new KnownError('REDIRECT_URL_NOT_WHITELISTED');
  const team = await ensureTeamExists(services.db, project.id, o.teamId);
  const now = services.clock.now();
  const data: InvitationData = { team_id: o.teamId, email: o.email };
  const code = await createVerificationCode(services.db, { projectId: project.id, type: 'team_invitation', data: { ...data }, nowMillis: now });
  const link = codeLink(o.callbackUrl, code);
  const email = await renderEmail(services.db, project, 'team_invitation', { teamInvitationLink: link, teamDisplayName: team.display_name });
  await sendEmail(services.db, project, { to: o.email, ...email }, now);
  const row = await services.db.selectFrom('verification_codes').select('id').where('project_id', '=', project.id).where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

/** Unused, unexpired invitations of a team, oldest first. */
export async function listTeamInvitations(db: Kysely<Database>, projectId: string, teamId: string, nowMillis: number) {
  const rows = await db
    .selectFrom('verification_codes')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('type', '=', 'team_invitation')
    .where('used_at_millis', 'is', null)
    .where('expires_at_millis', '>', nowMillis)
    .orderBy('created_at_millis')
    .orderBy('id')
    .execute();
  return rows
    .filter((r) => (r.data as InvitationData).team_id === teamId)
    .map((r) => ({ id: r.id, team_id: teamId, expires_at_millis: r.expires_at_millis, recipient_email: (r.data as InvitationData).email }));
}

/** Revoking deletes the code; an unknown id is VERIFICATION_CODE_NOT_FOUND. */
export async function revokeTeamInvitation(db: Kysely<Database>, projectId: string, id: string): Promise<void> {
  const result = await db
    .deleteFrom('verification_codes')
    .where('project_id', '=', projectId)
    .where('type', '=', 'team_invitation')
    .where('id', '=', id)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new KnownError('VERIFICATION_CODE_NOT_FOUND');
}

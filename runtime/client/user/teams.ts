// Teams of the current user: the official SDK's team, member-profile,
// invitation and permission operations. Part of the lazy operations chunk.
import { requireCallbackUrl } from '../../flows/callback-urls.ts';
import { HttpError } from '../../http/errors.ts';
import type { KnownError } from '../../protocol/errors/base.ts';
import type { Result } from '../../protocol/result.ts';
import type { TeamData, TeamUpdate } from '../../protocol/schemas/team.ts';
import type { TeamInvitationData, TeamMemberProfileData } from '../../protocol/schemas/team-membership.ts';
import type { ClientContext } from '../app/context.ts';
import { changed, readKey } from '../reads/read-keys.ts';
import { asResult } from '../app/as-result.ts';
import * as api from '../../protocol/contract/api.generated.ts';
import { apiCall } from '../backend/api-call.ts';

export type { TeamUpdate };

/** A team the current user belongs to, with the official SDK's operations. */
export interface Team extends TeamData {
  /**
   * Renames the team or changes its image and metadata; needs `$update_team`.
   *
   * @example
   * ```ts
   * await team.update({ displayName: 'Acme Inc.' });
   * ```
   */
  update(update: TeamUpdate): Promise<void>;
  delete(): Promise<void>;
  /**
   * E-mails an invitation link (to the team-invitation handler page, or `callbackUrl`); needs `$invite_members`.
   *
   * @example
   * ```ts
   * await team.inviteUser({ email: 'grace@example.com' });
   * ```
   */
  inviteUser(options: { email: string; callbackUrl?: string }): Promise<void>;
  /**
   * The team's members with their team profiles (`useTeamUsers(team)` in React).
   *
   * @example
   * ```ts
   * for (const member of await team.listUsers()) console.log(member.teamProfile.displayName);
   * ```
   */
  listUsers(): Promise<TeamUser[]>;
  listInvitations(): Promise<TeamInvitation[]>;
}

export interface TeamMemberProfile {
  displayName: string | null;
  profileImageUrl: string | null;
}

/** A member as the team's member list shows it. */
export interface TeamUser {
  id: string;
  teamProfile: TeamMemberProfile;
}

/** The current user's own profile in a team; editable. */
export interface EditableTeamMemberProfile extends TeamMemberProfile {
  update(update: { displayName?: string | null; profileImageUrl?: string | null }): Promise<void>;
}

export interface TeamInvitation extends TeamInvitationData {
  revoke(): Promise<void>;
}

export interface TeamPermission {
  id: string;
}

/** Anything with the team's id: the SDK's methods take the team object. */
export type TeamRef = Pick<TeamData, 'id'>;

const wire = () => import('./entity-wire.ts');

export async function listTeams(ctx: ClientContext): Promise<Team[]> {
  const [body, { readTeams }] = await Promise.all([ctx.transport.sendJson(apiCall(api.teamsList, { query: { user_id: 'me' } })), wire()]);
  return readTeams(body).map((data) => bindTeam(ctx, data));
}

/** The SDK filters the list: a team the user is not in reads as null. */
export async function getTeam(ctx: ClientContext, teamId: string): Promise<Team | null> {
  return (await listTeams(ctx)).find((team) => team.id === teamId) ?? null;
}

export async function createTeam(ctx: ClientContext, options: { displayName: string; profileImageUrl?: string | null }): Promise<Team> {
  const { readTeam, toTeamUpdateWire } = await wire();
  const json = { ...toTeamUpdateWire({ displayName: options.displayName, profileImageUrl: options.profileImageUrl }), creator_user_id: 'me' };
  let body: unknown;
  try {
    body = await ctx.transport.sendJson(apiCall(api.teamsCreate, { json }));
  } catch (error) {
    // The backend refuses in plain text (client team creation disabled): its text is the message.
    if (error instanceof HttpError && error.status === 403) throw new Error(error.body, { cause: error });
    throw error;
  }
  await changed(ctx, [readKey('teams')]);
  return bindTeam(ctx, readTeam(body));
}

export async function leaveTeam(ctx: ClientContext, team: TeamRef): Promise<void> {
  await ctx.transport.sendJson(apiCall(api.teamMembershipsDelete, { params: { team_id: team.id, user_id: 'me' }, json: {} }));
  await changed(ctx, teamChanged(ctx, team));
}

export async function listPermissions(ctx: ClientContext, team: TeamRef, options: { recursive?: boolean } = {}): Promise<TeamPermission[]> {
  const [body, { readTeamPermissions }] = await Promise.all([ctx.transport.sendJson(apiCall(api.teamPermissionsList, { query: { team_id: team.id, user_id: 'me', recursive: String(options.recursive ?? true) } })), wire()]);
  return readTeamPermissions(body).map(({ id }) => ({ id }));
}

export async function getPermission(ctx: ClientContext, team: TeamRef, permissionId: string): Promise<TeamPermission | null> {
  return (await listPermissions(ctx, team)).find((permission) => permission.id === permissionId) ?? null;
}

export async function hasPermission(ctx: ClientContext, team: TeamRef, permissionId: string): Promise<boolean> {
  return (await getPermission(ctx, team, permissionId)) !== null;
}

export async function getTeamProfile(ctx: ClientContext, team: TeamRef): Promise<EditableTeamMemberProfile> {
  const [body, { readTeamMemberProfile }] = await Promise.all([
    ctx.transport.sendJson(apiCall(api.teamMemberProfilesGet, { params: { team_id: team.id, user_id: 'me' } })),
    wire(),
  ]);
  const profile = readTeamMemberProfile(body);
  return {
    displayName: profile.displayName,
    profileImageUrl: profile.profileImageUrl,
    async update(update) {
      const json = Object.fromEntries(
        Object.entries({ display_name: update.displayName, profile_image_url: update.profileImageUrl }).filter(([, value]) => value !== undefined),
      );
      await ctx.transport.sendJson(apiCall(api.teamMemberProfilesUpdate, { params: { team_id: profile.teamId, user_id: profile.userId }, json }));
      await changed(ctx, [readKey('team-profile', profile.teamId), readKey('team-users', profile.teamId)]);
    },
  };
}

/** A team renamed, deleted or left changes the list, and the user too when it is the selected team. */
function teamChanged(ctx: ClientContext, team: TeamRef): string[] {
  return ctx.userCache.getSnapshot().user?.selectedTeamId === team.id ? [readKey('teams'), readKey('user')] : [readKey('teams')];
}

export function bindTeam(ctx: ClientContext, data: TeamData): Team {
  const teamQuery = { team_id: data.id };
  return {
    ...data,
    async update(update) {
      const { toTeamUpdateWire } = await wire();
      await ctx.transport.sendJson(apiCall(api.teamsUpdate, { params: { team_id: data.id }, json: toTeamUpdateWire(update) }));
      await changed(ctx, teamChanged(ctx, data));
    },
    async delete() {
      await ctx.transport.sendJson(apiCall(api.teamsDelete, { params: { team_id: data.id }, json: {} }));
      await changed(ctx, teamChanged(ctx, data));
    },
    async inviteUser(options) {
      const callbackUrl = requireCallbackUrl('invite user', options.callbackUrl, ctx.urls.teamInvitation, ctx.currentUrl());
      await ctx.transport.sendJson(apiCall(api.teamInvitationsSendCode, { json: { email: options.email, team_id: data.id, callback_url: callbackUrl } }));
      await changed(ctx, [readKey('invitations', data.id)]);
    },
    async listUsers() {
      const [body, { readTeamMemberProfiles }] = await Promise.all([ctx.transport.sendJson(apiCall(api.teamMemberProfilesList, { query: teamQuery })), wire()]);
      return readTeamMemberProfiles(body).map((profile: TeamMemberProfileData) => ({
        id: profile.userId,
        teamProfile: { displayName: profile.displayName, profileImageUrl: profile.profileImageUrl },
      }));
    },
    async listInvitations() {
      const [body, { readTeamInvitations }] = await Promise.all([ctx.transport.sendJson(apiCall(api.teamInvitationsList, { query: teamQuery })), wire()]);
      return readTeamInvitations(body).map((invitation) => ({
        ...invitation,
        async revoke() {
          await ctx.transport.sendJson(apiCall(api.teamInvitationsDelete, { params: { id: invitation.id }, query: teamQuery, json: {} }));
          await changed(ctx, [readKey('invitations', data.id)]);
        },
      }));
    },
  };
}

// The invitation link's page. Bad, expired or used codes are outcomes, as in the SDK.

const INVITATION_STEPS = { 'check-code': api.teamInvitationsAcceptCheckCode, details: api.teamInvitationsAcceptDetails, '': api.teamInvitationsAccept } as const;
const invitationCall = (ctx: ClientContext, step: keyof typeof INVITATION_STEPS, code: string) =>
  ctx.transport.sendJson(apiCall(INVITATION_STEPS[step], { json: { code } }));

export function verifyTeamInvitationCode(ctx: ClientContext, code: string): Promise<Result<undefined, KnownError>> {
  return asResult(async () => {
    await invitationCall(ctx, 'check-code', code);
    return undefined;
  }, ['VERIFICATION_ERROR']);
}

export function getTeamInvitationDetails(ctx: ClientContext, code: string): Promise<Result<{ teamDisplayName: string }, KnownError>> {
  return asResult(async () => {
    const body = (await invitationCall(ctx, 'details', code)) as { team_display_name?: unknown } | null;
    if (typeof body?.team_display_name !== 'string') throw new Error('authworker: the invitation details carry no team name.');
    return { teamDisplayName: body.team_display_name };
  }, ['VERIFICATION_ERROR']);
}

export async function acceptTeamInvitation(ctx: ClientContext, code: string): Promise<Result<undefined, KnownError>> {
  const result = await asResult(async () => {
    await invitationCall(ctx, '', code);
    return undefined;
  }, ['VERIFICATION_ERROR']);
  // A new membership: the list of teams is stale.
  if (result.status === 'ok') await changed(ctx, [readKey('teams')]);
  return result;
}

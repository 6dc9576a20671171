// The server user object: user data plus the calls that act on that user.

import { requireCallbackUrl } from '../flows/callback-urls.ts';
import { isKnownErrorOf, type KnownError } from '../protocol/errors/index.ts';
import { err, ok, type Result } from '../protocol/result.ts';
import type { ServerUserData } from '../protocol/schemas/user.ts';
import type { TeamPermissionData } from '../protocol/schemas/team-membership.ts';
import { getConnectedAccount, type GetConnectedAccountOptions, type OAuthConnection } from './connected-accounts.ts';
import {
  createContactChannel,
  listContactChannels,
  type ServerContactChannel,
  type ServerContactChannelCreateOptions,
} from './contact-channels.ts';
import type { AppContext } from './context.ts';
import { serverTeam, type ServerTeam } from './server-team.ts';
import { createSession, type ServerSession } from './sessions.ts';
import {
  getTeamPermission,
  grantTeamPermission,
  hasTeamPermission,
  listTeamPermissions,
  revokeTeamPermission,
  teamIdOf,
  type ListPermissionsOptions,
  type TeamRef,
} from './team-permissions.ts';
import { createTeam, listTeams, removeTeamMember, type ServerTeamCreateOptions } from './teams.ts';
import { deleteUser, updateUser, type ServerUserUpdateOptions } from './users.ts';

/** Sending a verification e-mail requires a primary e-mail, and a callback URL. */
async function sendPrimaryEmailVerification(ctx: AppContext, data: ServerUserData, callbackUrl: string | undefined): Promise<Result<undefined, KnownError>> {
  if (!data.primaryEmail) throw new Error('authworker: the user has no primary e-mail to verify.');
  const url = requireCallbackUrl('send verification email', callbackUrl, '', null);
  const channel = (await listContactChannels(ctx, data.id)).find((c) => c.type === 'email' && c.isPrimary);
  if (!channel) throw new Error('authworker: the user\'s primary e-mail has no contact channel to verify.');
  try {
    await channel.sendVerificationEmail({ callbackUrl: url });
    return ok(undefined);
  } catch (error) {
    if (isKnownErrorOf(error, 'EMAIL_ALREADY_VERIFIED')) return err(error as KnownError);
    throw error;
  }
}

export interface ServerUser extends ServerUserData {
  /** PATCH /users/{id}; resolves to the updated user. */
  update(options: ServerUserUpdateOptions): Promise<ServerUser>;
  delete(): Promise<void>;
  setDisplayName(displayName: string | null): Promise<ServerUser>;
  setClientMetadata(metadata: unknown): Promise<ServerUser>;
  setClientReadOnlyMetadata(metadata: unknown): Promise<ServerUser>;
  setServerMetadata(metadata: unknown): Promise<ServerUser>;
  /** The team must be one the user is a member of (else TEAM_MEMBERSHIP_NOT_FOUND). */
  setSelectedTeam(team: TeamRef | null): Promise<ServerUser>;
  setPrimaryEmail(email: string | null, options?: { verified?: boolean }): Promise<ServerUser>;

  listTeams(): Promise<ServerTeam[]>;
  /** One of the user's teams, or null when they are not a member. */
  getTeam(teamId: string): Promise<ServerTeam | null>;
  /** Creates a team with this user as its creator (and first member). */
  createTeam(options: Omit<ServerTeamCreateOptions, 'creatorUserId'>): Promise<ServerTeam>;
  /** Removes the membership with the server-typed call. */
  leaveTeam(team: TeamRef): Promise<void>;

  listPermissions(team: TeamRef, options?: ListPermissionsOptions): Promise<TeamPermissionData[]>;
  getPermission(team: TeamRef, permissionId: string, options?: ListPermissionsOptions): Promise<TeamPermissionData | null>;
  hasPermission(team: TeamRef, permissionId: string): Promise<boolean>;
  grantPermission(team: TeamRef, permissionId: string): Promise<void>;
  revokePermission(team: TeamRef, permissionId: string): Promise<void>;

  listContactChannels(): Promise<ServerContactChannel[]>;
  createContactChannel(options: ServerContactChannelCreateOptions): Promise<ServerContactChannel>;
  /**
   * The verification e-mail for the primary e-mail (the SDK's name; its server user only reported the feature
   * as unsupported). Like the client user's, EMAIL_ALREADY_VERIFIED is returned, not thrown; a user without a
   * primary e-mail throws. A server has no current page, so the callback URL must be given.
   */
  sendVerificationEmail(options?: { callbackUrl?: string }): Promise<Result<undefined, KnownError>>;

  createSession(options?: { expiresInMillis?: number }): Promise<ServerSession>;
  getConnectedAccount(providerId: string, options?: GetConnectedAccountOptions): Promise<OAuthConnection | null>;
}

export function serverUser(ctx: AppContext, data: ServerUserData): ServerUser {
  const id = data.id;
  const update = async (options: ServerUserUpdateOptions): Promise<ServerUser> => serverUser(ctx, await updateUser(ctx, id, options));
  const listUserTeams = async (): Promise<ServerTeam[]> => (await listTeams(ctx, { userId: id })).map((t) => serverTeam(ctx, t));
  return {
    ...data,
    update,
    delete: () => deleteUser(ctx, id),
    setDisplayName: (displayName) => update({ displayName }),
    setClientMetadata: (clientMetadata) => update({ clientMetadata }),
    setClientReadOnlyMetadata: (clientReadOnlyMetadata) => update({ clientReadOnlyMetadata }),
    setServerMetadata: (serverMetadata) => update({ serverMetadata }),
    setSelectedTeam: (team) => update({ selectedTeamId: team === null ? null : teamIdOf(team) }),
    setPrimaryEmail: (primaryEmail, options = {}) =>
      update({ primaryEmail, ...(options.verified === undefined ? {} : { primaryEmailVerified: options.verified }) }),

    listTeams: listUserTeams,
    getTeam: async (teamId) => (await listUserTeams()).find((t) => t.id === teamId) ?? null,
    createTeam: async (options) => serverTeam(ctx, await createTeam(ctx, { ...options, creatorUserId: id })),
    leaveTeam: (team) => removeTeamMember(ctx, teamIdOf(team), id),

    listPermissions: (team, options) => listTeamPermissions(ctx, teamIdOf(team), id, options),
    getPermission: (team, permissionId, options) => getTeamPermission(ctx, teamIdOf(team), id, permissionId, options),
    hasPermission: (team, permissionId) => hasTeamPermission(ctx, teamIdOf(team), id, permissionId),
    grantPermission: async (team, permissionId) => {
      await grantTeamPermission(ctx, teamIdOf(team), id, permissionId);
    },
    revokePermission: (team, permissionId) => revokeTeamPermission(ctx, teamIdOf(team), id, permissionId),

    listContactChannels: () => listContactChannels(ctx, id),
    createContactChannel: (options) => createContactChannel(ctx, id, options),
    sendVerificationEmail: (options = {}) => sendPrimaryEmailVerification(ctx, data, options.callbackUrl),

    createSession: (options = {}) =>
      createSession(ctx, { userId: id, ...(options.expiresInMillis === undefined ? {} : { expiresInMillis: options.expiresInMillis }) }),
    getConnectedAccount: (providerId, options) => getConnectedAccount(ctx, id, providerId, options),
  };
}

// The server team object: team data plus the calls that act on it.

import type { ServerTeamData } from '../protocol/schemas/team.ts';
import type { AppContext } from './context.ts';
import { listTeamInvitations, sendTeamInvitation, type ServerTeamInvitation, type TeamInviteOptions } from './team-invitations.ts';
import { serverUser, type ServerUser } from './server-user.ts';
import {
  addTeamMember,
  deleteTeam,
  listTeamMemberProfiles,
  removeTeamMember,
  updateTeam,
  type ServerTeamUpdateOptions,
} from './teams.ts';

/** A user, or its id. */
export type UserRef = string | { id: string };

export function userIdOf(user: UserRef): string {
  return typeof user === 'string' ? user : user.id;
}

export interface TeamMemberProfile {
  displayName: string | null;
  profileImageUrl: string | null;
}

/** A member: the full server user plus the profile they have in this team. */
export interface ServerTeamUser extends ServerUser {
  teamProfile: TeamMemberProfile;
}

export interface ServerTeam extends ServerTeamData {
  update(options: ServerTeamUpdateOptions): Promise<ServerTeam>;
  delete(): Promise<void>;
  addUser(user: UserRef): Promise<void>;
  removeUser(user: UserRef): Promise<void>;
  listUsers(): Promise<ServerTeamUser[]>;
  /** E-mails an invitation link (`callbackUrl?code=…`). */
  inviteUser(options: TeamInviteOptions): Promise<void>;
  listInvitations(): Promise<ServerTeamInvitation[]>;
}

export function serverTeam(ctx: AppContext, data: ServerTeamData): ServerTeam {
  return {
    ...data,
    update: async (options) => serverTeam(ctx, await updateTeam(ctx, data.id, options)),
    delete: () => deleteTeam(ctx, data.id),
    addUser: async (user) => {
      await addTeamMember(ctx, data.id, userIdOf(user));
    },
    removeUser: (user) => removeTeamMember(ctx, data.id, userIdOf(user)),
    listUsers: async () =>
      (await listTeamMemberProfiles(ctx, data.id)).map((profile) => ({
        ...serverUser(ctx, profile.user),
        teamProfile: { displayName: profile.displayName, profileImageUrl: profile.profileImageUrl },
      })),
    inviteUser: (options) => sendTeamInvitation(ctx, data.id, options),
    listInvitations: () => listTeamInvitations(ctx, data.id),
  };
}

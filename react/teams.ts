// The hooks that read the current user's teams: the user's teams, permissions in a team, a team's members,
// invitations and the user's profile in it (react/user-reads.ts reads them through the app's stores).
import type { EditableTeamMemberProfile, Team, TeamInvitation, TeamPermission, TeamRef, TeamUser } from '../runtime/client/user/teams.ts';
import type { Loaded, ReadOptions } from './read-options.ts';
import { useUserRead } from './user-reads.ts';

/**
 * The current user's teams (empty when signed out). Suspends on first use; refetched after team changes.
 *
 * @example
 * ```tsx
 * import { useTeams } from 'authworker/react';
 * const teams = useTeams();
 * return <ul>{teams.map((t) => <li key={t.id}>{t.displayName}</li>)}</ul>;
 * ```
 */
export function useTeams<O extends ReadOptions = object>(options?: O): Loaded<Team[], O> {
  return useUserRead('teams', (user) => user.listTeams(), [], options?.suspense) as Loaded<Team[], O>;
}

/**
 * One of the current user's teams, or null when the user is not in it.
 *
 * @example
 * ```tsx
 * import { useTeam } from 'authworker/react';
 * const team = useTeam('0b7c6a52-3f7e-4c55-9d56-2d1c1f4a9e10');
 * return <h1>{team?.displayName ?? 'Not a member'}</h1>;
 * ```
 */
export function useTeam<O extends ReadOptions = object>(teamId: string, options?: O): Loaded<Team | null, O> {
  const teams: Team[] | undefined = useTeams(options);
  return (teams && (teams.find((team) => team.id === teamId) ?? null)) as Loaded<Team | null, O>;
}

/**
 * The team permissions the current user holds (the SDK's `user.usePermissions(team)`); recursive by default.
 *
 * @example
 * ```tsx
 * import { usePermissions } from 'authworker/react';
 * const permissions = usePermissions(team);
 * return <p>{permissions.map((p) => p.id).join(', ')}</p>;
 * ```
 */
export function usePermissions<O extends ReadOptions = object>(team: TeamRef, options?: { recursive?: boolean } & O): Loaded<TeamPermission[], O> {
  const recursive = options?.recursive ?? true;
  return useUserRead(`permissions:${team.id}${recursive ? '' : ':direct'}`, (user) => user.listPermissions(team, { recursive }), [], options?.suspense) as Loaded<
    TeamPermission[],
    O
  >;
}

/**
 * The permission if the current user holds it in the team (directly or contained), else null.
 *
 * @example
 * ```tsx
 * import { usePermission } from 'authworker/react';
 * const canEdit = usePermission(team, 'editor') !== null;
 * return canEdit ? <button>Edit</button> : null;
 * ```
 */
export function usePermission<O extends ReadOptions = object>(team: TeamRef, permissionId: string, options?: O): Loaded<TeamPermission | null, O> {
  const held: TeamPermission[] | undefined = usePermissions(team, options);
  return (held && (held.find((permission) => permission.id === permissionId) ?? null)) as Loaded<TeamPermission | null, O>;
}

/**
 * The team's pending invitations (the SDK's `team.useInvitations()`); needs `$read_members`.
 *
 * @example
 * ```tsx
 * import { useTeamInvitations } from 'authworker/react';
 * const invitations = useTeamInvitations(team);
 * return <ul>{invitations.map((i) => <li key={i.id}>{i.recipientEmail}</li>)}</ul>;
 * ```
 */
export function useTeamInvitations<O extends ReadOptions = object>(team: Team, options?: O): Loaded<TeamInvitation[], O> {
  return useUserRead(`invitations:${team.id}`, () => team.listInvitations(), [], options?.suspense) as Loaded<TeamInvitation[], O>;
}

/**
 * The team's members with their team profiles (the SDK's `team.useUsers()`).
 *
 * @example
 * ```tsx
 * import { useTeamUsers } from 'authworker/react';
 * const members = useTeamUsers(team);
 * return <ul>{members.map((m) => <li key={m.id}>{m.teamProfile.displayName}</li>)}</ul>;
 * ```
 */
export function useTeamUsers<O extends ReadOptions = object>(team: Team, options?: O): Loaded<TeamUser[], O> {
  return useUserRead(`team-users:${team.id}`, () => team.listUsers(), [], options?.suspense) as Loaded<TeamUser[], O>;
}

/**
 * The current user's profile in the team (the SDK's `user.useTeamProfile(team)`); null when signed out.
 *
 * @example
 * ```tsx
 * import { useTeamProfile } from 'authworker/react';
 * const profile = useTeamProfile(team);
 * return <button onClick={() => void profile?.update({ displayName: 'Ada at Acme' })}>Rename</button>;
 * ```
 */
export function useTeamProfile<O extends ReadOptions = object>(team: TeamRef, options?: O): Loaded<EditableTeamMemberProfile | null, O> {
  return useUserRead<EditableTeamMemberProfile | null>(`team-profile:${team.id}`, (user) => user.getTeamProfile(team), null, options?.suspense) as Loaded<
    EditableTeamMemberProfile | null,
    O
  >;
}

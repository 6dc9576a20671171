import { use, useEffect, useSyncExternalStore } from 'react';
import type { StackClientApp } from '../runtime/client/client-app.ts';
import type { ContactChannel } from '../runtime/client/contact-channels.ts';
import type { GetConnectedAccountOptions, OAuthConnection } from '../runtime/client/connected-accounts.ts';
import type { CurrentUser } from '../runtime/client/current-user.ts';
import type { EditableTeamMemberProfile, Team, TeamInvitation, TeamPermission, TeamRef, TeamUser } from '../runtime/client/teams.ts';
import { useStackApp, useUser } from './hooks.ts';
import type { ReadRef, TeamReads } from './team-reads.ts';

const reads = new WeakMap<StackClientApp, Promise<TeamReads>>();

/**
 * A read of the current user's data shared by every hook of the app (the store loads with the first such
 * hook); `signedOut` while nobody is signed in. Suspends on the first read; refetched when a mutation names
 * it (runtime/client/read-keys.ts).
 */
function useUserRead<T>(ref: ReadRef, load: (user: CurrentUser) => Promise<T>, signedOut: T): T {
  const app = useStackApp();
  let pending = reads.get(app);
  if (!pending) reads.set(app, (pending = import('./team-reads.ts').then(({ TeamReads }) => new TeamReads(app))));
  const store = use(pending);
  useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const user = useUser();
  const [kind, about] = ref;
  useEffect(() => (user ? store.hold(user, [kind, about]) : undefined), [store, user, kind, about]);
  return user ? store.read(user, ref, load) : signedOut;
}

/** The current user's teams (empty when signed out). Suspends on first use; refetched after team changes. */
export function useTeams(): Team[] {
  return useUserRead(['teams'], (user) => user.listTeams(), []);
}

/** One of the current user's teams, or null when the user is not in it. */
export function useTeam(teamId: string): Team | null {
  return useTeams().find((team) => team.id === teamId) ?? null;
}

/** The permission if the current user holds it in the team (directly or contained), else null. */
export function usePermission(team: TeamRef, permissionId: string): TeamPermission | null {
  return useUserRead(['permissions', team.id], (user) => user.listPermissions(team), []).find((permission) => permission.id === permissionId) ?? null;
}

/** The current user's e-mail addresses (the SDK's `user.useContactChannels()`). */
export function useContactChannels(): ContactChannel[] {
  return useUserRead(['contact-channels'], (user) => user.listContactChannels(), []);
}

/** The team's pending invitations (the SDK's `team.useInvitations()`); needs `$read_members`. */
export function useTeamInvitations(team: Team): TeamInvitation[] {
  return useUserRead(['invitations', team.id], () => team.listInvitations(), []);
}

/** The team's members with their team profiles (the SDK's `team.useUsers()`). */
export function useTeamUsers(team: Team): TeamUser[] {
  return useUserRead(['team-users', team.id], () => team.listUsers(), []);
}

/** The current user's profile in the team (the SDK's `user.useTeamProfile(team)`); null when signed out. */
export function useTeamProfile(team: TeamRef): EditableTeamMemberProfile | null {
  return useUserRead<EditableTeamMemberProfile | null>(['team-profile', team.id], (user) => user.getTeamProfile(team), null);
}

/** A connected account's provider token (the SDK's `user.useConnectedAccount(...)`); null when not connected. */
export function useConnectedAccount(providerId: string, options: Pick<GetConnectedAccountOptions, 'scopes'> = {}): OAuthConnection | null {
  const scopes = options.scopes ?? [];
  return useUserRead(['connected-account', `${providerId}:${scopes.join(' ')}`], (user) => user.getConnectedAccount(providerId, { scopes }), null);
}

import { use, useSyncExternalStore } from 'react';
import type { StackClientApp } from '../runtime/client/client-app.ts';
import type { CurrentUser } from '../runtime/client/current-user.ts';
import type { Team, TeamPermission, TeamRef } from '../runtime/client/teams.ts';
import { useStackApp, useUser } from './hooks.ts';
import type { TeamReads } from './team-reads.ts';

const reads = new WeakMap<StackClientApp, Promise<TeamReads>>();

/** A list read shared by every hook of the app; empty when signed out. Suspends on the first read. */
function useTeamRead<T>(key: string, load: (user: CurrentUser) => Promise<T[]>): T[] {
  const app = useStackApp();
  let pending = reads.get(app);
  if (!pending) reads.set(app, (pending = import('./team-reads.ts').then(({ TeamReads }) => new TeamReads(app))));
  const store = use(pending);
  useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const user = useUser();
  return user ? store.read(user, key, load) : [];
}

/** The current user's teams (empty when signed out). Suspends on first use; refreshed after team changes. */
export function useTeams(): Team[] {
  return useTeamRead('teams', (user) => user.listTeams());
}

/** One of the current user's teams, or null when the user is not in it. */
export function useTeam(teamId: string): Team | null {
  return useTeams().find((team) => team.id === teamId) ?? null;
}

/** The permission if the current user holds it in the team (directly or contained), else null. */
export function usePermission(team: TeamRef, permissionId: string): TeamPermission | null {
  return useTeamRead(`permissions:${team.id}`, (user) => user.listPermissions(team)).find((permission) => permission.id === permissionId) ?? null;
}

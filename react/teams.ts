import { use, useCallback, useEffect, useSyncExternalStore } from 'react';
import type { StackClientApp } from '../runtime/client/client-app.ts';
import type { ContactChannel } from '../runtime/client/contact-channels.ts';
import type { GetConnectedAccountOptions, OAuthConnection } from '../runtime/client/connected-accounts.ts';
import type { CurrentUser } from '../runtime/client/current-user.ts';
import type { EditableTeamMemberProfile, Team, TeamInvitation, TeamPermission, TeamRef, TeamUser } from '../runtime/client/teams.ts';
import { useStackApp, useUserState } from './hooks.ts';
import type { ReadRef, UserReads } from '../runtime/client/user-reads.ts';

const stores = new WeakMap<StackClientApp, Promise<UserReads>>();
const loadedStores = new WeakMap<StackClientApp, UserReads>();

/** `{ suspense: false }`: the hook returns `undefined` while loading instead of suspending. */
export interface ReadOptions {
  suspense?: boolean;
}
/** What a hook returns: its value, or `undefined` too when it does not suspend. */
export type Loaded<T, O extends ReadOptions> = O extends { suspense: false } ? T | undefined : T;

/**
 * A read of the current user's data shared by every hook of the app (the store, runtime/client/user-reads.ts,
 * loads with the first such hook); `signedOut` while nobody is signed in. Suspends on the first read unless `suspense` is false;
 * refetched when a mutation names it (runtime/client/read-keys.ts).
 */
function useUserRead<T>(ref: ReadRef, load: (user: CurrentUser) => Promise<T>, signedOut: T, suspense = true): T | undefined {
  const app = useStackApp();
  let pending = stores.get(app);
  if (!pending) {
    const created = import('../runtime/client/user-reads.ts').then(({ UserReads }) => new UserReads(app));
    void created.then((store) => loadedStores.set(app, store));
    stores.set(app, (pending = created));
  }
  const store = suspense ? use(pending) : loadedStores.get(app);
  const arrived = pending;
  const subscribe = useCallback(
    (listener: () => void) => {
      const subscribed = arrived.then((reads) => (listener(), reads.subscribe(listener)));
      return () => void subscribed.then((unsubscribe) => unsubscribe());
    },
    [arrived],
  );
  const version = () => loadedStores.get(app)?.getSnapshot() ?? -1;
  useSyncExternalStore(subscribe, version, version);
  // The user without Suspense; the Suspense form suspends while it loads, as useUser() does.
  const state = useUserState();
  if (state.status === 'loading' && suspense) throw app.userCache.whenReady();
  const { user } = state;
  const [kind, about] = ref;
  useEffect(() => (user && store ? store.hold(user, [kind, about]) : undefined), [store, user, kind, about]);
  if (state.status === 'loading') return undefined;
  if (!user) return signedOut;
  return store?.read(user, ref, load, suspense);
}

/** The current user's teams (empty when signed out). Suspends on first use; refetched after team changes. */
export function useTeams<O extends ReadOptions = object>(options?: O): Loaded<Team[], O> {
  return useUserRead(['teams'], (user) => user.listTeams(), [], options?.suspense) as Loaded<Team[], O>;
}

/** One of the current user's teams, or null when the user is not in it. */
export function useTeam<O extends ReadOptions = object>(teamId: string, options?: O): Loaded<Team | null, O> {
  const teams: Team[] | undefined = useTeams(options);
  return (teams && (teams.find((team) => team.id === teamId) ?? null)) as Loaded<Team | null, O>;
}

/** The team permissions the current user holds (the SDK's `user.usePermissions(team)`); recursive by default. */
export function usePermissions<O extends ReadOptions = object>(team: TeamRef, options?: { recursive?: boolean } & O): Loaded<TeamPermission[], O> {
  const recursive = options?.recursive ?? true;
  return useUserRead(['permissions', recursive ? team.id : `${team.id}:direct`], (user) => user.listPermissions(team, { recursive }), [], options?.suspense) as Loaded<
    TeamPermission[],
    O
  >;
}

/** The permission if the current user holds it in the team (directly or contained), else null. */
export function usePermission<O extends ReadOptions = object>(team: TeamRef, permissionId: string, options?: O): Loaded<TeamPermission | null, O> {
  const held: TeamPermission[] | undefined = usePermissions(team, options);
  return (held && (held.find((permission) => permission.id === permissionId) ?? null)) as Loaded<TeamPermission | null, O>;
}

/** The current user's e-mail addresses (the SDK's `user.useContactChannels()`). */
export function useContactChannels<O extends ReadOptions = object>(options?: O): Loaded<ContactChannel[], O> {
  return useUserRead(['contact-channels'], (user) => user.listContactChannels(), [], options?.suspense) as Loaded<ContactChannel[], O>;
}

/** The team's pending invitations (the SDK's `team.useInvitations()`); needs `$read_members`. */
export function useTeamInvitations<O extends ReadOptions = object>(team: Team, options?: O): Loaded<TeamInvitation[], O> {
  return useUserRead(['invitations', team.id], () => team.listInvitations(), [], options?.suspense) as Loaded<TeamInvitation[], O>;
}

/** The team's members with their team profiles (the SDK's `team.useUsers()`). */
export function useTeamUsers<O extends ReadOptions = object>(team: Team, options?: O): Loaded<TeamUser[], O> {
  return useUserRead(['team-users', team.id], () => team.listUsers(), [], options?.suspense) as Loaded<TeamUser[], O>;
}

/** The current user's profile in the team (the SDK's `user.useTeamProfile(team)`); null when signed out. */
export function useTeamProfile<O extends ReadOptions = object>(team: TeamRef, options?: O): Loaded<EditableTeamMemberProfile | null, O> {
  return useUserRead<EditableTeamMemberProfile | null>(['team-profile', team.id], (user) => user.getTeamProfile(team), null, options?.suspense) as Loaded<
    EditableTeamMemberProfile | null,
    O
  >;
}

/** A connected account's provider token (the SDK's `user.useConnectedAccount(...)`); null when not connected. */
export function useConnectedAccount<O extends ReadOptions = object>(
  providerId: string,
  options: Pick<GetConnectedAccountOptions, 'scopes'> & O = {} as O,
): Loaded<OAuthConnection | null, O> {
  const scopes = options.scopes ?? [];
  return useUserRead(['connected-account', `${providerId}:${scopes.join(' ')}`], (user) => user.getConnectedAccount(providerId, { scopes }), null, options.suspense) as Loaded<
    OAuthConnection | null,
    O
  >;
}

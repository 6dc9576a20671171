import { useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { SessionSnapshot } from '../runtime/bridge/messages.ts';
import type { StackClientApp } from '../runtime/client/app/client-app.ts';
import type { CurrentUser } from '../runtime/client/user/current-user.ts';
import { ReadObserver, type ReadOptions } from '../runtime/client/reads/read-observer.ts';
import type { UserSnapshot } from '../runtime/client/reads/user-cache.ts';
import { AppContext } from './context.ts';

const SERVER_SESSION: SessionSnapshot = { status: 'loading', userId: null, network: 'online', seq: -1 };
const SERVER_USER: UserSnapshot = { status: 'loading', user: null, error: null };

/**
 * The app given to `<StackProvider app={app}>` (or `<AuthProvider>`), as the official SDK's hook.
 *
 * @example
 * ```tsx
 * import { useStackApp } from 'authworker/react';
 * const app = useStackApp();
 * return <button onClick={() => void app.signOut()}>Sign out</button>;
 * ```
 */
export function useStackApp(): StackClientApp {
  const app = useContext(AppContext);
  if (!app) throw new Error('authworker: wrap your components in <AuthProvider app={app}>.');
  return app;
}

/**
 * The session as every tab sees it: status, user id and network state. Never a token.
 *
 * @example
 * ```tsx
 * import { useSession } from 'authworker/react';
 * const { status, network } = useSession();
 * if (network === 'offline') return <p>You are offline.</p>;
 * ```
 */
export function useSession(): SessionSnapshot {
  const app = useStackApp();
  return useSyncExternalStore(app.session.subscribe, app.session.getSnapshot, () => SERVER_SESSION);
}

/**
 * The current user without Suspense: `{ status: 'loading' | 'ready', user, error }`.
 *
 * @example
 * ```tsx
 * import { useUserState } from 'authworker/react';
 * const { status, user } = useUserState();
 * if (status === 'loading') return <p>Loading…</p>;
 * ```
 */
export function useUserState(): UserSnapshot {
  const app = useStackApp();
  return useSyncExternalStore(app.userCache.subscribe, app.userCache.getSnapshot, () => SERVER_USER);
}

export interface UseUserOptions {
  or?: 'redirect' | 'throw' | 'return-null';
}

/**
 * The signed-in user. Suspends while loading, like the official SDK's hook; `or` says what a signed-out
 * visitor gets: null (default), a redirect to the sign-in page, or an error.
 *
 * @example
 * ```tsx
 * import { useUser } from 'authworker/react';
 * const user = useUser({ or: 'redirect' });
 * return <p>{user.displayName ?? user.primaryEmail}</p>;
 * ```
 */
export function useUser(options: { or: 'redirect' | 'throw' }): CurrentUser;
export function useUser(options?: { or?: 'return-null' }): CurrentUser | null;
export function useUser(options: UseUserOptions = {}): CurrentUser | null {
  const app = useStackApp();
  const state = useUserState();
  if (state.status === 'loading') throw app.userCache.whenReady();
  if (state.user) return state.user;
  // A signed-in session whose user could not be loaded is an error, not "signed out".
  if (state.error) throw state.error;
  if (options.or === 'redirect') {
    // After this render, not during it: a router's navigate must not run while React renders.
    setTimeout(() => app.redirectToSignIn());
    throw new Promise<never>(() => undefined);
  }
  if (options.or === 'throw') throw new Error('User is not signed in but useUser was called with { or: "throw" }');
  return null;
}

/**
 * A reader's observer of one read of the user's data (one per component, as TanStack Query's hooks make one over its
 * cache), rendering it on each change: what the data hooks (user-reads.ts, teams.ts) and the components' reads share.
 */
export function useReadObserver<T>(options: ReadOptions<T>): [ReadObserver<T>, number] {
  const app = useStackApp();
  const [observer] = useState(() => new ReadObserver(app.userCache, options));
  const snapshot = useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getServerSnapshot);
  // After each commit: the observer holds the read this render read.
  useEffect(() => observer.setOptions(options));
  return [observer, snapshot];
}

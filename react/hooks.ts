import { use, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { SessionSnapshot } from '../runtime/bridge/messages.ts';
import type { StackClientApp } from '../runtime/client/app/client-app.ts';
import type { CurrentUser } from '../runtime/client/user/current-user.ts';
import type { KnownError } from '../runtime/protocol/errors/base.ts';
import type { ClientProjectData } from '../runtime/protocol/schemas/project.ts';
import { ReadObserver, type ReadOptions } from '../runtime/client/reads/read-observer.ts';
import type { UserSnapshot } from '../runtime/client/reads/user-cache.ts';
import { AppContext } from './context.ts';
import type { Loaded, ReadOptions as DataReadOptions } from './read-options.ts';

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

/**
 * The project's client view (which sign-in methods it enables), fetched once per app (`app.projectCache`). Suspends
 * on first use, or, with `{ suspense: false }`, is `undefined` until it arrives.
 *
 * @example
 * ```tsx
 * import { useProject } from 'authworker/react';
 * const project = useProject();
 * return project.config.magicLinkEnabled ? <p>Sign in with a link</p> : null;
 * ```
 */
export function useProject<O extends DataReadOptions = object>(options?: O): Loaded<ClientProjectData, O> {
  const cache = useStackApp().projectCache;
  const project = useSyncExternalStore(cache.subscribe, cache.getSnapshot, () => undefined);
  if (options?.suspense === false) {
    if (!project) void cache.read().catch(() => undefined);
    return project as Loaded<ClientProjectData, O>;
  }
  // use() on every render, loaded or not: a render that suspended is replayed with the same hooks.
  return use(cache.read()) as Loaded<ClientProjectData, O>;
}

export interface PasskeyAutofill {
  /** For the e-mail input's `autoComplete`: `username webauthn` while autofill waits, so the browser lists passkeys there; `email` otherwise. */
  autoComplete: string;
  /** The failed autofill sign-in (PASSKEY_WEBAUTHN_ERROR, PASSKEY_AUTHENTICATION_FAILED, ...); null until one fails. */
  error: KnownError | null;
}

/**
 * Passkey autofill (WebAuthn conditional mediation) for a sign-in form of the app's own: give `autoComplete` to its
 * e-mail input, and a conditional request (app.signInWithPasskeyAutofill) waits behind it until the user picks a
 * passkey from the browser's list, then signs in (and redirects) as the passkey button does. Where the browser has
 * no autofill the input stays a plain e-mail field and nothing throws. The request ends when the component
 * unmounts, `enabled` turns false or the session signs in by any method, in any tab; a passkey button's ceremony
 * takes over from it.
 *
 * @example
 * ```tsx
 * import { usePasskeyAutofill } from 'authworker/react';
 * const { autoComplete } = usePasskeyAutofill();
 * return <input name="email" type="email" autoComplete={autoComplete} />;
 * ```
 */
export function usePasskeyAutofill({ enabled = true }: { enabled?: boolean } = {}): PasskeyAutofill {
  const app = useStackApp();
  const on = useSession().status !== 'signed-in' && enabled;
  const [error, setError] = useState<KnownError | null>(null);
  useEffect(() => {
    if (!on) return;
    const current = new AbortController();
    void app.signInWithPasskeyAutofill(current).then((result) => result?.status === 'error' && !current.signal.aborted && setError(result.error));
    return () => current.abort();
  }, [app, on]);
  return { autoComplete: on ? 'username webauthn' : 'email', error };
}

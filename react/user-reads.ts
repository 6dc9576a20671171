// The hooks that read the current user's data: the shared machinery (one observer per hook over the app's
// stores, runtime/client/user-read-observer.ts) and the user's own reads; the team reads are in teams.ts.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ContactChannel } from '../runtime/client/contact-channels.ts';
import type { GetConnectedAccountOptions, OAuthConnection } from '../runtime/client/connected-accounts.ts';
import type { CurrentUser } from '../runtime/client/current-user.ts';
import { UserReadObserver, type ReadRef } from '../runtime/client/user-read-observer.ts';
import { useStackApp } from './hooks.ts';

/** `{ suspense: false }`: the hook returns `undefined` while loading instead of suspending. */
export interface ReadOptions {
  suspense?: boolean;
}
/** What a hook returns: its value, or `undefined` too when it does not suspend. */
export type Loaded<T, O extends ReadOptions> = O extends { suspense: false } ? T | undefined : T;

/**
 * A read of the current user's data, shared by every hook of the app through its stores (the reads store loads with
 * the first such hook); `signedOut` while nobody is signed in. Suspends on the first read unless `suspense` is
 * false; refetched when a change in any tab names it (runtime/client/read-keys.ts).
 */
export function useUserRead<T>(ref: ReadRef, load: (user: CurrentUser) => Promise<T>, signedOut: T, suspense = true): T | undefined {
  const app = useStackApp();
  const options = { ref, load, signedOut };
  const [observer] = useState(() => new UserReadObserver(app.userCache, options));
  const snapshot = useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getServerSnapshot);
  // After each commit: the observer holds the entry this render read.
  useEffect(() => observer.setOptions(options));
  return observer.read(options, suspense, snapshot);
}

/**
 * The current user's e-mail addresses (the SDK's `user.useContactChannels()`).
 *
 * @example
 * ```tsx
 * import { useContactChannels } from 'authworker/react';
 * const channels = useContactChannels();
 * return <ul>{channels.map((c) => <li key={c.id}>{c.value}{c.isVerified ? '' : ' (unverified)'}</li>)}</ul>;
 * ```
 */
export function useContactChannels<O extends ReadOptions = object>(options?: O): Loaded<ContactChannel[], O> {
  return useUserRead(['contact-channels'], (user) => user.listContactChannels(), [], options?.suspense) as Loaded<ContactChannel[], O>;
}

/**
 * A connected account's provider token (the SDK's `user.useConnectedAccount(...)`); null when not connected.
 *
 * @example
 * ```tsx
 * import { useConnectedAccount } from 'authworker/react';
 * const github = useConnectedAccount('github', { scopes: ['repo'] });
 * return github ? <p>GitHub connected</p> : <button>Connect GitHub</button>;
 * ```
 */
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

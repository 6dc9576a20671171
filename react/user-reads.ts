// The hooks that read the current user's data (one observer per hook over the app's user cache, hooks.ts): the
// user's own reads; the team reads are in teams.ts.
import type { ContactChannel } from '../runtime/client/user/contact-channels.ts';
import type { GetConnectedAccountOptions, OAuthConnection } from '../runtime/client/user/connected-accounts.ts';
import type { CurrentUser } from '../runtime/client/user/current-user.ts';
import type { ReadKey } from '../runtime/client/reads/read-keys.ts';
import { useReadObserver } from './hooks.ts';
import type { Loaded, ReadOptions } from './read-options.ts';


/**
 * A read of the current user's data, shared by every hook of the app through its user cache; `signedOut` while
 * nobody is signed in. Suspends on the first read unless `suspense` is false; refetched when a change in any tab
 * names `key` (runtime/client/reads/read-keys.ts).
 */
export function useUserRead<T>(key: ReadKey, load: (user: CurrentUser) => Promise<T>, signedOut: T, suspense = true): T | undefined {
  const options = { key, load, signedOut };
  const [observer, snapshot] = useReadObserver(options);
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
  return useUserRead('contact-channels', (user) => user.listContactChannels(), [], options?.suspense) as Loaded<ContactChannel[], O>;
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
  return useUserRead(`connected-account:${providerId}:${scopes.join(' ')}`, (user) => user.getConnectedAccount(providerId, { scopes }), null, options.suspense) as Loaded<
    OAuthConnection | null,
    O
  >;
}

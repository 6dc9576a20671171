// The names of the cached reads a mutation can change (protocol.md §10.2: a mutation refreshes exactly
// the entries it changes): the current user, and the reads behind the hooks (react/teams.ts) and the
// account page. Off the page's start-up path: the hooks name a read by its kind only (a type), and the
// lazy store builds the key.
import type { UserReads } from './context.ts';

export type ReadKind = 'user' | 'teams' | 'contact-channels' | 'permissions' | 'invitations' | 'team-users' | 'team-profile' | 'connected-account';

/** A read's key: its kind, and what it is about (a team id; a provider and its scopes). */
export const readKey = (kind: ReadKind, about?: string): string => (about === undefined ? kind : `${kind}:${about}`);

/**
 * A mutation changed these reads: the user is refetched when listed, and each reader (the hooks' store,
 * the account page) refetches the entries it holds among them. Settles when all have answered.
 */
export async function changed(cache: UserReads, keys: readonly string[]): Promise<void> {
  await Promise.all([keys.includes('user') && cache.reload(), ...[...cache.readers].map((reader) => reader(keys))]);
}

// The names of the cached reads a mutation can change (as in the SDK, a mutation refreshes exactly
// the entries it changes): the current user, and the reads the hooks and the components follow (user-cache.ts).
import type { ClientContext } from '../app/context.ts';

export type ReadKind = 'user' | 'teams' | 'contact-channels' | 'permissions' | 'invitations' | 'team-users' | 'team-profile' | 'connected-account';

/** A read's key: its kind, and what it is about (a team id; a provider and its scopes). The hooks write theirs as this type says. */
export type ReadKey = ReadKind | `${ReadKind}:${string}`;

export const readKey = (kind: ReadKind, about?: string): ReadKey => (about === undefined ? kind : `${kind}:${about}`);

/**
 * A mutation of this tab changed these reads. The session host hears it and tells every tab (it fetches the user
 * once when listed, for all of them), and each tab's user cache refetches the reads it holds among them. Settles when this tab shows the change. A worker of an older version does not know the call:
 * this tab then refetches on its own, as before.
 */
export async function changed(ctx: Pick<ClientContext, 'backend' | 'userCache'>, keys: readonly string[]): Promise<void> {
  const change = await ctx.backend.call('announceUserChange', { reads: keys }).catch(() => null);
  if (change) return ctx.userCache.receive(change);
  await Promise.all([keys.includes('user') && ctx.userCache.reload(), ctx.userCache.refetch(keys)]);
}

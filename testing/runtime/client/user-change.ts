// Fakes for the page's user stores: a context whose session host does or does not know user-change announcements.
import type { UserChangeData } from '../../../runtime/bridge/messages.ts';
import { userChangeSchema } from '../../../runtime/bridge/user-change.ts';
import type { ClientContext } from '../../../runtime/client/app/context.ts';
import type { CurrentUser, UserChangeRead } from '../../../runtime/client/user/current-user.ts';

/** A user cache's reader of host changes (the app's reads them with the user schema): `userOf` makes the user of a body. */
export function changeReader(userOf: (body: Record<string, unknown>) => CurrentUser): (raw: unknown) => Promise<UserChangeRead | null> {
  return async (raw) => {
    const parsed = userChangeSchema.safeParse(raw);
    if (!parsed.success) return null;
    const { body } = parsed.data;
    return { change: parsed.data, user: body === undefined ? null : userOf(JSON.parse(body) as Record<string, unknown>) };
  };
}

/** A context whose host is a worker of an older version: it refuses `announceUserChange`, so the tab refetches on its own. */
export function withoutAnnounce(userCache: ClientContext['userCache']): Pick<ClientContext, 'backend' | 'userCache'> {
  const backend = { controlsPage: false, watchSession: () => undefined, call: () => Promise.reject(new Error('authworker: call refused by the worker')) };
  return { backend: backend as unknown as ClientContext['backend'], userCache };
}

/** A context whose host answers announcements with `answer(reads)` (a change, or null when signed out). */
export function withAnnounce(userCache: ClientContext['userCache'], answer: (reads: readonly string[]) => UserChangeData | null) {
  const announced: (readonly string[])[] = [];
  const call = async (method: string, args: { reads: readonly string[] }) => {
    if (method !== 'announceUserChange') throw new Error(`unexpected ${method}`);
    announced.push(args.reads);
    return answer(args.reads);
  };
  const backend = { controlsPage: false, watchSession: () => undefined, call };
  return { ctx: { backend: backend as unknown as ClientContext['backend'], userCache }, announced };
}

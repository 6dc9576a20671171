// The zod schema of a user change (what a session host tells its tabs when the signed-in user changed), apart from
// ./schemas.ts: the page checks each change with it in the chunk that reads users, which then carries no other schema.
import * as z from 'zod/mini';

/** The reads a change names (runtime/client/reads/read-keys.ts: `user`, `contact-channels`, `team-users:<id>`, ...). */
export const readKeysSchema = z.array(z.string().check(z.minLength(1), z.maxLength(256))).check(z.maxLength(32));

/**
 * The signed-in user changed: the session's sequence number when the host said so (a tab on a later session
 * ignores it), the host's count of such changes, the sanitised `/users/me` body when the user itself changed,
 * and the other reads to fetch again.
 */
export const userChangeSchema = z.object({
  seq: z.number(),
  userId: z.string(),
  version: z.number(),
  body: z.optional(z.string()),
  reads: z.optional(readKeysSchema),
});
export type UserChangeData = z.infer<typeof userChangeSchema>;

export interface UserEvent {
  type: 'user';
  change: UserChangeData;
}

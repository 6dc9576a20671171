// Options of StackAdminApp: an admin key, or the session of a project owner on the internal project.

import type { SessionLike } from '../http/pipeline.ts';
import type { StackServerAppOptions } from '../server/options.ts';

export interface StackAdminAppOptions extends StackServerAppOptions {
  /** Falls back to STACK_SUPER_SECRET_ADMIN_KEY; not needed with `projectOwnerSession`. */
  superSecretAdminKey?: string;
  /**
   * The session of a user of the `internal` project who owns this project (e.g. `ProjectOwner.session`, or
   * any `{ getTokens, markAccessTokenExpired }`). Its access token is sent as x-stack-admin-access-token and
   * refreshed like any session; no keys are needed then. As in the 2.8 SDK, a function that resolves to a
   * current admin access token (or null) is accepted too.
   */
  projectOwnerSession?: SessionLike | (() => Promise<string | null>);
}

// Types shared by every route: the parsed request (body, auth, dialect) and the Hono environment that carries it
// with the emulator's services.
import type { Project } from '../domain/projects.ts';
import type { AccessType } from '../../runtime/protocol/headers.ts';
import type { Dialect } from '../core/known-errors.ts';
import type { Services } from '../domain/services.ts';
import type { UserRecord } from '../domain/user-record.ts';

export interface Auth {
  type: AccessType;
  project: Project;
  /** The access token's user; null when none was sent or the user no longer exists. */
  user: UserRecord | null;
  /** `refresh_token_id` of a current-dialect access token, when present. */
  refreshTokenId: string | null;
}

export interface SmartRequest {
  body: unknown;
  auth: Auth | null;
  dialect: Dialect;
}

export interface AppEnv {
  Variables: {
    services: Services;
    smart: SmartRequest;
  };
}

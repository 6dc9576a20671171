// Types shared by every route: the emulator's services and the parsed request (body, auth, dialect).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { EmulatorClock } from '../core/clock.ts';
import type { SigningKeys } from '../auth/signing-keys.ts';
import type { Project } from '../domain/projects.ts';
import type { UserRecord } from '../domain/users.ts';
import type { AccessType } from '../../runtime/protocol/headers.ts';
import type { Dialect } from '../core/known-errors.ts';
import type { Stats } from '../core/stats.ts';

export interface Services {
  db: Kysely<Database>;
  clock: EmulatorClock;
  keys: SigningKeys;
  stats: Stats;
  /** CreateEmulatorOptions.hostedRefreshClaims: mint the §14.3 claim set on every refresh, as the hosted service. */
  hostedRefreshClaims: boolean;
}

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

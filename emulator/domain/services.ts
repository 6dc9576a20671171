// What every domain operation, handler and background task is given: the database, the clock, the signing keys,
// the request counters and the emulator's options. Built once by createEmulator (index.ts).
import type { Kysely } from 'kysely';
import type { SigningKeys } from '../auth/signing-keys.ts';
import type { EmulatorClock } from '../core/clock.ts';
import type { Stats } from '../core/stats.ts';
import type { RateLimiter } from '../core/rate-limit.ts';
import type { Database } from '../db/schema.ts';
import type { Dialect } from '../core/known-errors.ts';

export interface Services {
  db: Kysely<Database>;
  clock: EmulatorClock;
  keys: SigningKeys;
  stats: Stats;
  /** A test's rate limit (POST /emulator/api/rate-limit); off unless set. */
  rateLimiter: RateLimiter;
  /** The dialect of a request that says nothing of its age: 'current', or 'stack' with CreateEmulatorOptions.dialect '2.7'. */
  dialect: Dialect;
  /** CreateEmulatorOptions.hostedRefreshClaims: mint the 2.8 claim set on every refresh, as the hosted service. */
  hostedRefreshClaims: boolean;
}

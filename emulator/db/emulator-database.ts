// db/ (above core/): the row types, the migrations, and opening PGlite or PostgreSQL. The entry point seeds.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** An open, migrated database and how to close it (whatever the engine). */
export interface EmulatorDatabase {
  db: Kysely<Database>;
  /**
   * Runs a start-up step (the entry point's seeding) with the database to itself: on PostgreSQL under the lock the
   * migrations take, so emulators starting together on one database do not race; on PGlite directly.
   */
  setup<T>(run: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

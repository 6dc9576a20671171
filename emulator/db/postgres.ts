// The emulator on a real PostgreSQL server (DATABASE_URL): the same migrations as the PGlite path, applied through
// Kysely under an advisory lock so concurrent emulators on one database migrate (and seed) it once.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { EmulatorDatabase } from './emulator-database.ts';
import { MIGRATIONS } from './migrations.ts';
import type { Database } from './schema.ts';

/** Any constant works; it only has to be the same for every emulator process. */
const MIGRATION_LOCK_KEY = 0x6175_7468;

/** Runs `setup` on one connection holding the setup lock: one emulator at a time, whatever the process. */
function withSetupLock<T>(db: Kysely<Database>, setup: (conn: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
    try {
      return await setup(conn);
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
}

async function migratePostgres(db: Kysely<Database>): Promise<void> {
  await withSetupLock(db, async (conn) => {
    await sql`CREATE TABLE IF NOT EXISTS emulator_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(conn);
    const applied = await sql<{ name: string }>`SELECT name FROM emulator_migrations`.execute(conn);
    const done = new Set(applied.rows.map((r) => r.name));
    for (const migration of MIGRATIONS) {
      if (done.has(migration.name)) continue;
      await conn.transaction().execute(async (tx) => {
        // No parameters: pg sends it as a simple query, which may hold several statements.
        await sql.raw(migration.sql).execute(tx);
        await sql`INSERT INTO emulator_migrations (name) VALUES (${migration.name})`.execute(tx);
      });
    }
  });
}

export async function openPostgresDatabase(url: string): Promise<EmulatorDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its server must not crash the process (the next query reports the error).
  pool.on('error', (error) => console.error('[emulator] PostgreSQL pool error:', error.message));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migratePostgres(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let closed: Promise<void> | null = null;
  return {
    db,
    setup: (run) => withSetupLock(db, run),
    close: () => {
      closed ??= db.destroy();
      return closed;
    },
  };
}

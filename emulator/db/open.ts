// Opens the emulator's database: PGlite in memory (from the snapshot) or in a data folder that persists, or a
// real PostgreSQL server when a connection URL is given (same schema and migrations). The caller seeds it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { EmulatorDatabase } from './emulator-database.ts';
import { migrate } from './migrate.ts';
import type { Database } from './schema.ts';
import { ensureSnapshot } from './snapshot.ts';

export interface OpenDatabaseOptions {
  /** PGlite data folder that persists between runs. */
  dataDir?: string;
  /** `postgres://…` of a real PostgreSQL database; wins over `dataDir`. */
  databaseUrl?: string;
}

export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<EmulatorDatabase> {
  if (opts.databaseUrl !== undefined) {
    const { openPostgresDatabase } = await import('./postgres.ts');
    return openPostgresDatabase(opts.databaseUrl);
  }
  const initialised = opts.dataDir !== undefined && existsSync(join(opts.dataDir, 'PG_VERSION'));
  let pg: PGlite;
  if (initialised) pg = new PGlite(opts.dataDir);
  else if (opts.dataDir === undefined) pg = new PGlite({ loadDataDir: await ensureSnapshot() });
  else pg = new PGlite(opts.dataDir, { loadDataDir: await ensureSnapshot() });
  await pg.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pg) });
  // No-op on a snapshot start; applies new migrations to an older data folder.
  await migrate(pg);
  let closed: Promise<void> | null = null;
  return {
    db,
    setup: (run) => run(db),
    close: () => {
      closed ??= (async () => {
        await db.destroy();
        if (!pg.closed) await pg.close();
      })();
      return closed;
    },
  };
}

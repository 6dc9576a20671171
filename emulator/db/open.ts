// Opens the emulator's database: PGlite in memory (from the snapshot) or in a data folder that persists, or a
// real PostgreSQL server when a connection URL is given (same schema and migrations). The caller seeds it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { EmulatorDatabase } from './emulator-database.ts';
import { migrate } from './migrate.ts';
import type { Database } from './schema.ts';
import { ensureSnapshot, ensureTemplateDir } from './snapshot.ts';
import { createScratchDir, type ScratchDir } from './scratch-dir.ts';

export interface OpenDatabaseOptions {
  /** PGlite data folder that persists between runs. */
  dataDir?: string;
  /** `postgres://…` of a real PostgreSQL database; wins over `dataDir`. */
  databaseUrl?: string;
  /**
   * Without `dataDir`: keep the database's files in a scratch folder of the temp directory, removed on close, instead
   * of in the process's memory (scratch-dir.ts). The data is as short-lived either way.
   */
  scratch?: boolean;
}

/**
 * PGlite's PostgreSQL sized for an emulator's few MB of data (bench/RESULTS.md has the idle figures): 8 MB of shared
 * buffers instead of 128 MB (each touched page stays resident), WAL buffers to match, and at most 64 MB of WAL before
 * a checkpoint instead of 1 GB (in memory, the WAL is RSS). The WAL sizes suit the 16 MB segments of older data
 * folders too (PostgreSQL wants at least two segments).
 */
const LIGHT_POSTGRES: PGliteOptions = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB', '-c', 'wal_buffers=256kB', '-c', 'min_wal_size=32MB', '-c', 'max_wal_size=64MB'],
};

let wasmLightened = false;
/**
 * V8 compiles each function of PGlite's 10 MB WebAssembly module on its first call instead of all of them up front:
 * the emulator runs a small part of PostgreSQL, and the rest would stay compiled in memory for nothing (hot
 * functions are still optimised). Set once, before the module is compiled; it only affects WebAssembly.
 */
function lightenWasm(): void {
  if (wasmLightened) return;
  wasmLightened = true;
  setFlagsFromString('--wasm-lazy-compilation');
}

export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<EmulatorDatabase> {
  if (opts.databaseUrl !== undefined) {
    const { openPostgresDatabase } = await import('./postgres.ts');
    return openPostgresDatabase(opts.databaseUrl);
  }
  const initialised = opts.dataDir !== undefined && existsSync(join(opts.dataDir, 'PG_VERSION'));
  lightenWasm();
  let pg: PGlite;
  let scratch: ScratchDir | null = null;
  if (initialised) pg = new PGlite(opts.dataDir, LIGHT_POSTGRES);
  else if (opts.dataDir !== undefined) pg = new PGlite(opts.dataDir, { ...LIGHT_POSTGRES, loadDataDir: await ensureSnapshot() });
  else if (opts.scratch) {
    scratch = await createScratchDir(await ensureTemplateDir());
    pg = new PGlite(scratch.path, LIGHT_POSTGRES);
  } else pg = new PGlite({ ...LIGHT_POSTGRES, loadDataDir: await ensureSnapshot() });
  try {
    await pg.waitReady;
  } catch (error) {
    await scratch?.remove();
    throw error;
  }
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
        await scratch?.remove();
      })();
      return closed;
    },
  };
}

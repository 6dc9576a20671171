// A dumped, migrated PGlite data dir, named by schema hash: initdb inside WASM and the migrations take 4 s on a quiet
// machine and 30 s on a loaded one, starting from the dump ~0.5 s (TOOLING.md). The emulator ships the dump of its
// current schema (emulator/db/snapshot/, built by `npm run gen`, copied into the package's dist/snapshot/), so a first
// start builds nothing; a schema it does not ship (a migration not yet generated) is built once and cached on disk.
// A dump is read by a PGlite of the PostgreSQL build that made it: the dependency's ^0.4 range keeps that one.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS } from './migrations.ts';
import { migrate } from './migrate.ts';

/**
 * 2: migrations only (the seeds are applied by createEmulator on every start, as they always were).
 * 3: 1 MB WAL segments and no template databases: a 13 MB data folder instead of 40 MB, held in memory all day.
 */
const SNAPSHOT_FORMAT = 3;

export const SCHEMA_HASH = createHash('sha256')
  .update(JSON.stringify({ SNAPSHOT_FORMAT, MIGRATIONS }))
  .digest('hex')
  .slice(0, 16);

/** The file name of the current schema's dump. */
export const SNAPSHOT_FILE = `${SCHEMA_HASH}.tar.gz`;

/** The project's `node_modules/.cache` (the usual home of tool caches), else the temp folder. */
function defaultCacheDir(): string {
  const local = join(process.cwd(), 'node_modules');
  return existsSync(local) ? join(local, '.cache', 'authworker-emulator') : join(tmpdir(), 'authworker-emulator-cache');
}

function snapshotPath(): string {
  const dir = process.env.AUTHWORKER_EMULATOR_CACHE ?? defaultCacheDir();
  return join(dir, SNAPSHOT_FILE);
}

/** Where the shipped dump is: emulator/db/snapshot/ beside this module; dist/snapshot/ beside the package's bundle. */
export const SHIPPED_SNAPSHOT_DIR = fileURLToPath(new URL('./snapshot/', import.meta.url));

function readShippedSnapshot(): Promise<Blob | null> {
  return readSnapshot(join(SHIPPED_SNAPSHOT_DIR, SNAPSHOT_FILE));
}

async function readSnapshot(path: string): Promise<Blob | null> {
  try {
    return new Blob([await readFile(path)]);
  } catch {
    return null;
  }
}

/** Cold path: initdb, migrate, dump. `npm run gen` writes its result into emulator/db/snapshot/. */
export async function buildSnapshot(): Promise<Blob> {
  // initdb's 16 MB WAL segment would be most of the data folder; 1 MB is PostgreSQL's smallest.
  const pg = new PGlite({ initDbStartParams: ['--wal-segsize=1'] });
  try {
    await migrate(pg);
    // The emulator never creates a database (PGlite serves one), so the two templates (7 MB each) go.
    await pg.exec("UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')");
    await pg.exec('DROP DATABASE template0');
    await pg.exec('DROP DATABASE template1');
    await pg.exec('CHECKPOINT');
    return await pg.dumpDataDir('gzip');
  } finally {
    await pg.close().catch(() => undefined);
  }
}

/** Snapshots and template folders of older schemas are dead weight (~2 MB and ~14 MB each). */
async function removeStaleSnapshots(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    const match = /^([0-9a-f]{16})(\.tar\.gz)?$/.exec(name);
    if (match && match[1] !== SCHEMA_HASH) await rm(join(dir, name), { recursive: true, force: true });
  }
}

let memo: Promise<Blob> | null = null;

/** The shipped snapshot, else the cached one, else one built and written to the cache first. Memoised per process. */
export function ensureSnapshot(): Promise<Blob> {
  memo ??= (async () => {
    const shipped = await readShippedSnapshot();
    if (shipped) return shipped;
    const path = snapshotPath();
    const cached = await readSnapshot(path);
    if (cached) return cached;
    const blob = await buildSnapshot();
    await mkdir(dirname(path), { recursive: true });
    // Write then rename: concurrent builders never expose a half-written file.
    const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, new Uint8Array(await blob.arrayBuffer()));
    await rename(tmp, path);
    await removeStaleSnapshots(dirname(path));
    return blob;
  })();
  memo.catch(() => {
    memo = null;
  });
  return memo;
}

/** The snapshot unpacked into a data folder beside it (scratch-dir.ts copies it at every start). */
export function templateDirPath(): string {
  return snapshotPath().replace(/\.tar\.gz$/, '');
}

let templateMemo: Promise<string> | null = null;

/** The unpacked snapshot's folder, unpacking it first when missing. Memoised per process. */
export function ensureTemplateDir(): Promise<string> {
  templateMemo ??= (async () => {
    const dir = templateDirPath();
    if (existsSync(join(dir, 'PG_VERSION'))) return dir;
    const snapshot = await ensureSnapshot();
    // The cache folder exists only once something was built or unpacked in it.
    await mkdir(dirname(dir), { recursive: true });
    const tmp = `${dir}.${process.pid}.${Date.now()}.tmp`;
    const pg = new PGlite(tmp, { loadDataDir: snapshot });
    try {
      await pg.waitReady;
    } finally {
      await pg.close().catch(() => undefined);
    }
    // Another emulator may have unpacked it meanwhile: its folder is as good as ours.
    await rename(tmp, dir).catch(() => rm(tmp, { recursive: true, force: true }));
    return dir;
  })();
  templateMemo.catch(() => {
    templateMemo = null;
  });
  return templateMemo;
}

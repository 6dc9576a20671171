// The first start in a project builds the snapshot and unpacks it into the template folder: two PGlite instances whose
// touched memory would stay resident in the emulator all day (367 vs 156-193 MB idle, bench/RESULTS.md), so the CLI
// has a child process of itself do it and exit.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureTemplateDir, templateDirPath } from './snapshot.ts';

/** Set in the child's environment: prepare the cache, then exit. */
export const PREPARE_CACHE_ENV = 'AUTHWORKER_EMULATOR_PREPARE_CACHE';

/** In the child (PREPARE_CACHE_ENV set): builds what is missing and exits. Returns at once otherwise. */
export async function prepareCacheIfChild(): Promise<void> {
  if (process.env[PREPARE_CACHE_ENV] !== '1') return;
  await ensureTemplateDir();
  process.exit(0);
}

/** Runs this same script (with the same Node flags, tsx's loader among them) as the preparing child, when needed. */
export async function prepareCacheInChild(): Promise<void> {
  const script = process.argv[1];
  if (existsSync(join(templateDirPath(), 'PG_VERSION')) || script === undefined) return;
  const child = spawn(process.execPath, [...process.execArgv, script], { env: { ...process.env, [PREPARE_CACHE_ENV]: '1' }, stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  // The emulator's own start builds whatever is still missing: slower to leave, never wrong.
  if (code !== 0) console.error(`authworker-emulator: preparing the database cache in a child process failed (exit ${code}); doing it in this one.`);
}

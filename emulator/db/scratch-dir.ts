// A throwaway PGlite data folder in the temp directory, copied from the cached template: the in-memory emulator's
// database without the database in the process (bench/RESULTS.md, "Emulator memory": about 90 MB less RSS).
import { rmSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'authworker-emulator-';
/** `authworker-emulator-<pid>-<random>`: the pid tells a later start whether the folder's owner is gone. */
const SCRATCH_NAME = /^authworker-emulator-(\d+)-/;

export interface ScratchDir {
  path: string;
  /** Removes the folder (idempotent). */
  remove(): Promise<void>;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Folders left by emulators that were killed before they could remove theirs. */
async function removeOrphans(parent: string): Promise<void> {
  const names = await readdir(parent).catch(() => []);
  for (const name of names) {
    const pid = Number(SCRATCH_NAME.exec(name)?.[1] ?? Number.NaN);
    if (Number.isInteger(pid) && pid !== process.pid && !alive(pid)) await rm(join(parent, name), { recursive: true, force: true });
  }
}

/** Copies `template` (a data folder) into a new scratch folder, removed by `remove()` or at the latest on exit. */
export async function createScratchDir(template: string): Promise<ScratchDir> {
  const parent = tmpdir();
  await removeOrphans(parent);
  const path = await mkdtemp(join(parent, `${PREFIX}${process.pid}-`));
  // process.exit() skips close(); a synchronous removal still runs then.
  const onExit = () => rmSync(path, { recursive: true, force: true });
  process.once('exit', onExit);
  let removed: Promise<void> | null = null;
  const remove = () => {
    removed ??= (async () => {
      process.off('exit', onExit);
      await rm(path, { recursive: true, force: true });
    })();
    return removed;
  };
  try {
    await cp(template, path, { recursive: true });
  } catch (error) {
    await remove();
    throw error;
  }
  return { path, remove };
}

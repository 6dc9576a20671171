// `npm run gen` writes the current schema's dump into emulator/db/snapshot/ (the one file there), which the
// emulator reads at its first start instead of running initdb and every migration (snapshot.ts).
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildSnapshot, SHIPPED_SNAPSHOT_DIR, SNAPSHOT_FILE } from './snapshot.ts';

/** Builds the dump when the shipped one is not the current schema's; removes older ones. Returns what it did. */
export async function writeShippedSnapshot(): Promise<'fresh' | 'written'> {
  await mkdir(SHIPPED_SNAPSHOT_DIR, { recursive: true });
  const path = join(SHIPPED_SNAPSHOT_DIR, SNAPSHOT_FILE);
  // The dump's bytes differ from build to build (timestamps in the data folder): the name is what must match.
  const state = existsSync(path) ? 'fresh' : 'written';
  if (state === 'written') await writeFile(path, new Uint8Array(await (await buildSnapshot()).arrayBuffer()));
  for (const name of await readdir(SHIPPED_SNAPSHOT_DIR)) if (name !== SNAPSHOT_FILE) await rm(join(SHIPPED_SNAPSHOT_DIR, name), { force: true });
  return state;
}

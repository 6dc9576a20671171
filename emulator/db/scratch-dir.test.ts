import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDir } from './scratch-dir.ts';
import { openDatabase } from './open.ts';

const template = await mkdtemp(join(tmpdir(), 'scratch-template-'));
afterAll(() => rm(template, { recursive: true, force: true }));

describe('createScratchDir', () => {
  it('copies the template into a folder of its own, which remove() deletes', async () => {
    await mkdir(join(template, 'base'), { recursive: true });
    await writeFile(join(template, 'base', 'PG_VERSION'), '17');
    const scratch = await createScratchDir(template);
    expect(scratch.path).toContain(`authworker-emulator-${process.pid}-`);
    expect(existsSync(join(scratch.path, 'base', 'PG_VERSION'))).toBe(true);
    await scratch.remove();
    expect(existsSync(scratch.path)).toBe(false);
  });

  it("removes a folder left by an emulator that is gone, and keeps a live one's", async () => {
    // No process has pid 2^22 + 1 (above Linux's pid_max ceiling of 2^22).
    const orphan = join(tmpdir(), `authworker-emulator-${2 ** 22 + 1}-test`);
    await mkdir(orphan, { recursive: true });
    const live = await createScratchDir(template);
    const next = await createScratchDir(template);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(live.path)).toBe(true);
    await Promise.all([live.remove(), next.remove()]);
  });
});

describe('openDatabase({ scratch: true })', () => {
  it('runs PGlite on a copy of the unpacked snapshot and removes it on close', async () => {
    const before = new Set(await scratchFolders());
    const database = await openDatabase({ scratch: true });
    const created = (await scratchFolders()).filter((name) => !before.has(name));
    expect(created).toHaveLength(1);
    // The snapshot's migrated schema, not yet seeded.
    expect(await database.db.selectFrom('projects').select('id').execute()).toEqual([]);
    await database.close();
    expect(existsSync(join(tmpdir(), created[0] as string))).toBe(false);
  }, 60_000);
});

async function scratchFolders(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith(`authworker-emulator-${process.pid}-`));
}

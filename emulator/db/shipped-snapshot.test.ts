// The dump the emulator ships is the current schema's, and it opens with every migration applied.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, it } from 'vitest';
import { MIGRATIONS } from './migrations.ts';
import { SHIPPED_SNAPSHOT_DIR, SNAPSHOT_FILE } from './snapshot.ts';

it('emulator/db/snapshot/ holds the current schema\'s dump and nothing else (else run npm run gen)', () => {
  expect(readdirSync(SHIPPED_SNAPSHOT_DIR)).toEqual([SNAPSHOT_FILE]);
});

it('the shipped dump opens with every migration applied', async () => {
  const pg = new PGlite({ loadDataDir: new Blob([readFileSync(join(SHIPPED_SNAPSHOT_DIR, SNAPSHOT_FILE))]) });
  try {
    const applied = await pg.query<{ name: string }>('SELECT name FROM emulator_migrations ORDER BY name');
    expect(applied.rows.map((row) => row.name).sort()).toEqual(MIGRATIONS.map((migration) => migration.name).sort());
  } finally {
    await pg.close();
  }
}, 60_000);

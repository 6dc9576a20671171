// Runs on PostgreSQL only under emulator/conformance/run-postgres.sh (EMULATOR_TEST_DATABASE=postgres).
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../index.ts';
import { createScratchDatabase, testDatabaseServer } from '../../testing/emulator/postgres.ts';
import { createTestEmulator } from '../../testing/emulator/emulator.ts';
import { MIGRATIONS } from './migrations.ts';

const server = testDatabaseServer();

describe.skipIf(server === null)('PostgreSQL storage (DATABASE_URL)', () => {
  it('test emulators run on a fresh scratch database of the server', async () => {
    const emu = await createTestEmulator();
    try {
      const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(emu.db);
      expect(rows[0]?.name).toMatch(/^emulator_test_[0-9a-f]{32}$/);
    } finally {
      await emu.close();
    }
  });

  it('migrates once even when several emulators open the same database at the same time', async () => {
    const scratch = await createScratchDatabase(server ?? '');
    try {
      const emulators = await Promise.all([1, 2, 3].map(() => createEmulator({ databaseUrl: scratch.url })));
      const [first] = emulators;
      if (!first) throw new Error('no emulator');
      const { db } = first;
      const projects = await db.selectFrom('projects').select('id').orderBy('id').execute();
      expect(projects.map((r) => r.id)).toEqual(['dfa45225-c0f9-490d-98d7-d2c978934c58', 'internal']);
      const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM emulator_migrations`.execute(db);
      expect(Number(rows[0]?.n)).toBe(MIGRATIONS.length);
      await Promise.all(emulators.map((e) => e.close()));
    } finally {
      await scratch.drop();
    }
  });
});

// Applies pending migrations to a PGlite database. Idempotent: cheap on an already migrated database.
import type { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS } from './migrations.ts';

export async function migrate(pg: PGlite): Promise<void> {
  await pg.exec('CREATE TABLE IF NOT EXISTS emulator_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const applied = new Set((await pg.query<{ name: string }>('SELECT name FROM emulator_migrations')).rows.map((r) => r.name));
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.name)) continue;
    await pg.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO emulator_migrations (name) VALUES ($1)', [migration.name]);
    });
  }
}

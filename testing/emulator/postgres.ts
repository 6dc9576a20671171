// EMULATOR_TEST_DATABASE=postgres: every test emulator gets a fresh database on the server named by DATABASE_URL,
// dropped when the emulator closes, so test files stay as isolated as with PGlite.
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** The server URL when the suite runs on PostgreSQL, else null (PGlite). */
export function testDatabaseServer(): string | null {
  const mode = process.env.EMULATOR_TEST_DATABASE ?? 'pglite';
  if (mode === 'pglite') return null;
  if (mode !== 'postgres') throw new Error(`EMULATOR_TEST_DATABASE must be "pglite" or "postgres", got "${mode}"`);
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('EMULATOR_TEST_DATABASE=postgres needs DATABASE_URL (a server where the user may CREATE DATABASE)');
  return url;
}

async function withServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `emulator_test_${crypto.randomUUID().replace(/-/g, '')}`;
  await withServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** Where a test emulator stores its data: `{}` (PGlite) or a fresh scratch database, and how to clean it up. */
export async function testDatabase(): Promise<{ options: { databaseUrl?: string }; drop(): Promise<void> }> {
  const server = testDatabaseServer();
  if (server === null) return { options: {}, drop: () => Promise.resolve() };
  const scratch = await createScratchDatabase(server);
  return { options: { databaseUrl: scratch.url }, drop: scratch.drop };
}

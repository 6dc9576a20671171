// The CLI without --data on a cold cache, as its own process: a child process of it unpacks the shipped snapshot
// (so that memory is not the emulator's), the database runs in a scratch folder of the temp directory, and SIGTERM
// removes that folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SCHEMA_HASH } from './snapshot.ts';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MB = 1024 * 1024;

let cache: string;
let child: ChildProcess;
let output = '';

beforeAll(async () => {
  cache = await mkdtemp(join(tmpdir(), 'emulator-cold-cache-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'emulator/cli.ts', '--port', '0', '--mail-port', '0', '--webhooks-port', '0'], {
    cwd: REPO_ROOT,
    // Without DATABASE_URL even when the suite runs on PostgreSQL (test:postgres): this story is the scratch folder's.
    env: { ...process.env, DATABASE_URL: undefined, AUTHWORKER_EMULATOR_CACHE: cache },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      // The storage line comes after the API's, maybe in a later chunk.
      if (/Storage:.*\n/.test(output)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited (${code}) before it was ready:\n${output}`)));
  });
}, 120_000);

afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGTERM');
  await rm(cache, { recursive: true, force: true });
});

const scratchFolders = async () => (await readdir(tmpdir())).filter((name) => name.startsWith(`authworker-emulator-${child.pid}-`));

it.runIf(process.platform === 'linux')('unpacks the shipped dump in a child process, runs on a scratch folder and removes it on SIGTERM', async () => {
  expect(output).toContain('a scratch folder in the temp directory (removed on exit)');
  // The dump is the shipped one (emulator/db/snapshot/): none is built into the cache.
  expect(existsSync(join(cache, `${SCHEMA_HASH}.tar.gz`))).toBe(false);
  expect(existsSync(join(cache, SCHEMA_HASH, 'PG_VERSION'))).toBe(true);
  expect(await scratchFolders()).toHaveLength(1);
  // The whole `npm run emulator` tree measured 583 MB when this process built the cache itself; now 235-293 MB.
  const rss = Number(/^VmRSS:\s+(\d+) kB/m.exec(await readFile(`/proc/${child.pid}/status`, 'utf8'))?.[1]) * 1024;
  expect(rss).toBeLessThan(400 * MB);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  expect(await scratchFolders()).toEqual([]);
}, 60_000);

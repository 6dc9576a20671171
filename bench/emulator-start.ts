// 10. Emulator start (issue 43.3): `tsx emulator/cli.ts` from spawn until GET /health answers, on a first start (an
// empty database cache: the migrated snapshot is built) and on later starts (the snapshot cached), with the CLI's own
// "ready in" figure (which starts after the imports). The machine's load average is beside each row.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT } from './bundle.ts';
import { withDeadline } from './harness.ts';
import { median, ms } from './stats.ts';
import { notApplicable, type ResultRow } from './table.ts';

const WARM_STARTS = 3;
const NAME = '10. Emulator start';
const HEALTH_LINE = /Health:\s+(http:\/\/\S+)\/health/;
const READY_LINE = /ready in (\d+) ms/;

interface Start {
  healthMs: number;
  readyMs: number;
}

/** One start of the CLI with `cacheDir` as its database cache; resolves once /health answered, after stopping it. */
async function startOnce(cacheDir: string): Promise<Start> {
  const started = performance.now();
  const child = spawn(resolve(ROOT, 'node_modules/.bin/tsx'), ['emulator/cli.ts', '--port', '0', '--mail-port', '0', '--webhooks-port', '0'], {
    cwd: ROOT,
    env: { ...process.env, AUTHWORKER_EMULATOR_CACHE: cacheDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    const { url, readyMs } = await withDeadline(
      new Promise<{ url: string; readyMs: number }>((done, fail) => {
        let out = '';
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (chunk: string) => {
          out += chunk;
          const health = HEALTH_LINE.exec(out)?.[1];
          if (health) done({ url: health, readyMs: Number(READY_LINE.exec(out)?.[1] ?? Number.NaN) });
        });
        child.once('exit', (code) => fail(new Error(`the emulator exited (${code}) before it was ready`)));
      }),
      120_000,
      'emulator start',
    );
    const health = await fetch(`${url}/health`);
    if (!health.ok) throw new Error(`/health answered ${health.status}`);
    return { healthMs: performance.now() - started, readyMs };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

export async function emulatorStart(): Promise<ResultRow[]> {
  const cacheDir = await mkdtemp(join(tmpdir(), 'authworker-bench-cache-'));
  try {
    const load = () => `load average ${(loadavg()[0] ?? 0).toFixed(2)}`;
    const firstLoad = load();
    const first = await startOnce(cacheDir);
    const warm: Start[] = [];
    for (let i = 0; i < WARM_STARTS; i++) warm.push(await startOnce(cacheDir));
    const warmHealth = median(warm.map((s) => s.healthMs));
    const goal = 'goal (issue 43.3): <= 3 s quiet, <= 8 s loaded';
    return [
      { benchmark: NAME, metric: 'first start (empty database cache): spawn -> /health answers', ours: ms(first.healthMs), theirs: notApplicable('hosted backend'), oursValue: first.healthMs, note: `${firstLoad}; the CLI's "ready in" (after its imports): ${ms(first.readyMs)}; ${goal}` },
      { benchmark: NAME, metric: `later start (snapshot cached): spawn -> /health answers, median of ${WARM_STARTS}`, ours: ms(warmHealth), theirs: notApplicable('hosted backend'), oursValue: warmHealth, note: `${load()}; "ready in": ${warm.map((s) => ms(s.readyMs)).join(', ')}; ${goal}` },
    ];
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
}

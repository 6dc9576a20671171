// `npm run demo` tells the truth about its start: "open" only once both servers answer, one line and a non-zero
// exit for a taken port (naming this script's flag) or a failed start.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const FLAGS = ['emulator-port', 'mail-port', 'webhooks-port', 'demo-port'] as const;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

function listen(port = 0): Promise<Server> {
  const server = createServer();
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return new Promise((resolve) => server.listen(port, '0.0.0.0', () => resolve(server)));
}

/** Four ports nothing listens on (taken and let go at once: the kernel does not hand them out again soon). */
async function freePorts(): Promise<Record<(typeof FLAGS)[number], number>> {
  const servers = await Promise.all(FLAGS.map(() => createServer()).map((server) => new Promise<Server>((resolve) => server.listen(0, 'localhost', () => resolve(server)))));
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return Object.fromEntries(FLAGS.map((flag, index) => [flag, ports[index]])) as Record<(typeof FLAGS)[number], number>;
}

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

function runDemo(ports: Record<string, number>, env: Record<string, string> = {}): Run {
  const args = Object.entries(ports).flatMap(([flag, port]) => [`--${flag}`, String(port)]);
  const child = spawn(process.execPath, ['scripts/demo.mjs', ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGINT');
    await exit;
  });
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

it.each(FLAGS)('a taken --%s is one line naming that flag, and exit 1', async (flag) => {
  const ports = await freePorts();
  await listen(ports[flag]);
  const run = runDemo(ports);
  expect(await run.exit).toBe(1);
  expect(run.stdout()).toBe('');
  expect(run.stderr()).toBe(`[demo] port ${ports[flag]} is in use (another program?). Pick another with: npm run demo -- --${flag} ${ports[flag] + 1000}\n`);
});

it('a failed start says which server failed, never "open", and exits non-zero', async () => {
  // An emulator whose database cannot be reached fails while Vite starts fine.
  const run = runDemo(await freePorts(), { DATABASE_URL: 'postgres://demo:demo@localhost:1/none' });
  expect(await run.exit).toBe(1);
  expect(run.stdout()).not.toContain('[demo] open');
  expect(run.stderr().trim().split('\n').at(-1)).toBe('[demo] the emulator did not start (exit 1); its output is above');
}, 120_000);

it('"open" is printed once the emulator and the page both answer; Ctrl+C stops both and exits 0', async () => {
  const ports = await freePorts();
  const run = runDemo(ports);
  const opened = new Promise<void>((resolve, reject) => {
    run.child.stdout?.on('data', () => run.stdout().includes('[demo] open') && resolve());
    void run.exit.then((code) => reject(new Error(`the demo exited (${code}) before "open": ${run.stderr()}`)));
  });
  await opened;
  expect(run.stdout()).toContain(`[demo] open http://localhost:${ports['demo-port']}  (emulator: http://localhost:${ports['emulator-port']}`);
  // At that moment, not later: both answer the first request.
  expect((await fetch(`http://localhost:${ports['emulator-port']}/health`)).status).toBe(200);
  expect(await (await fetch(`http://localhost:${ports['demo-port']}/`)).text()).toContain('<title>authworker demo</title>');
  run.child.kill('SIGINT');
  expect(await run.exit).toBe(0);
  // Both let their four ports go.
  await Promise.all(FLAGS.map((flag) => listen(ports[flag])));
}, 180_000);

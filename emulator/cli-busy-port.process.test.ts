// The CLI on a port that is taken: one line naming the port and the option that moves it, exit 1, no stack.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
let taken: Server;
let busyPort: number;

beforeAll(async () => {
  taken = createServer();
  busyPort = await new Promise<number>((resolve) => taken.listen(0, 'localhost', () => resolve((taken.address() as { port: number }).port)));
});
afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

async function runCli(flags: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'emulator/cli.ts', ...flags], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stderr };
}

// `npm run emulator` and `npx authworker-emulator` run this same file (the bin is its build): each port names its own flag.
it.each(['--port', '--mail-port', '--webhooks-port'])('a busy %s gives one line naming it and that option, not an EADDRINUSE stack, and exit 1', async (option) => {
  const flags = Object.fromEntries(['--port', '--mail-port', '--webhooks-port'].map((flag) => [flag, flag === option ? String(busyPort) : '0']));
  const { code, stderr } = await runCli(Object.entries(flags).flat());
  expect(code).toBe(1);
  expect(stderr.trim()).toBe(`authworker-emulator: port ${busyPort} is in use (another emulator, or another program?). Pick another with ${option}, e.g. ${option} ${busyPort + 1000}.`);
}, 120_000);

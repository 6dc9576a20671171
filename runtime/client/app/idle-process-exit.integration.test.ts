// A Node script that uses StackClientApp with tokenStore 'memory' and then has nothing left to do must
// exit: nothing the app keeps open (its BroadcastChannels, timers) may hold the event loop. Runs the
// script in a child process, against the in-process emulator, and times the exit after its last line.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const at = (path: string) => JSON.stringify(new URL(path, new URL(`file://${root}/`)).href);

const script = `
import { createTestEmulator } from ${at('testing/emulator/emulator.ts')};
import { DEMO_PROJECT } from ${at('emulator/domain/seed.ts')};
import { StackClientApp } from ${at('runtime/client/index.ts')};

const emulator = await createTestEmulator();
const app = new StackClientApp({
  projectId: DEMO_PROJECT.id,
  publishableClientKey: DEMO_PROJECT.publishableClientKey,
  baseUrl: 'http://localhost:8102',
  tokenStore: 'memory',
  fetch: (input, init) => Promise.resolve(emulator.app.fetch(new Request(input, init))),
});
const result = await app.signUpWithCredential({
  email: 'idle-' + crypto.randomUUID() + '@example.com',
  password: 'correct horse battery',
  noRedirect: true,
  verificationCallbackUrl: 'http://localhost/handler/email-verification',
});
const user = await app.getUser();
await emulator.close();
console.log('IDLE ' + JSON.stringify({ status: result.status, signedIn: user !== null }));
`;

interface ChildRun {
  code: number | null;
  output: string;
  /** Milliseconds from the script's last line to the process exit, or null when it never got there. */
  exitAfterIdleMs: number | null;
}

/** Runs the script; kills it `startupMs` after the start, or `idleMs` after its last line. */
function runScript(startupMs: number, idleMs: number): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let idleAt: number | null = null;
    let killer = setTimeout(() => child.kill('SIGKILL'), startupMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (idleAt === null && output.includes('IDLE ')) {
        idleAt = Date.now();
        clearTimeout(killer);
        killer = setTimeout(() => child.kill('SIGKILL'), idleMs);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, output, exitAfterIdleMs: idleAt === null ? null : Date.now() - idleAt });
    });
  });
}

describe('StackClientApp in a Node process', () => {
  it('lets the process exit once the app is idle (tokenStore: memory)', async () => {
    // Start-up (tsx, the emulator's snapshot) may be slow on a busy machine; the exit after the last line may not.
    const run = await runScript(50_000, 5_000);
    expect(run.output).toContain('IDLE {"status":"ok","signedIn":true}');
    expect(run.code, run.output).toBe(0);
    expect(run.exitAfterIdleMs).not.toBeNull();
    expect(run.exitAfterIdleMs).toBeLessThan(3_000);
  }, 60_000);
});

// The emulator as its own process (the CLI) under 20 streamed 100 MB uploads: each is refused 413 early, every
// client reads its answer (no reset), and the process's resident memory barely moves (before the body limit,
// one 10 MB upload cost it over 1 GB).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projectHeaders } from '../../testing/emulator/emulator.ts';
import { rawRequest, type RawAnswer } from '../../testing/emulator/raw-http.ts';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MB = 1024 * 1024;
const ATTEMPTS = 20;
const UPLOAD_BYTES = 100 * MB;
const MAX_RSS_GROWTH = 300 * MB;

let child: ChildProcess;
let port: number;

beforeAll(async () => {
  // The CLI flags of the limit and the Host rule, at values the second test can tell from the defaults.
  const flags = ['--port', '0', '--mail-port', '0', '--max-body-bytes', String(2 * MB), '--allow-host', 'dev-box.test'];
  child = spawn(process.execPath, ['--import', 'tsx', 'emulator/cli.ts', ...flags], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      const match = /API:\s+http:\/\/localhost:(\d+)\/api\/v1/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited (${code}) before it was ready:\n${output}`)));
  });
}, 90_000);

afterAll(() => {
  child.kill('SIGTERM');
});

/** Resident set of the child, in bytes (`VmRSS`, or `VmHWM` for the peak since the last reset). */
async function memory(field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  if (kb === undefined) throw new Error(`no ${field} in /proc/${child.pid}/status`);
  return Number(kb) * 1024;
}

it.runIf(process.platform === 'linux')(
  `${ATTEMPTS} streamed ${UPLOAD_BYTES / MB} MB uploads are all refused early, and RSS grows by less than ${MAX_RSS_GROWTH / MB} MB`,
  async () => {
    const before = await memory('VmRSS');
    // Resets the child's peak-RSS counter (Linux clear_refs "5"), so VmHWM measures the attack alone.
    const peakReset = await writeFile(`/proc/${child.pid}/clear_refs`, '5').then(
      () => true,
      () => false,
    );
    let sampledPeak = before;
    const sampler = setInterval(() => {
      void memory('VmRSS').then((rss) => (sampledPeak = Math.max(sampledPeak, rss)), () => undefined);
    }, 20);
    const started = performance.now();
    const answers: RawAnswer[] = [];
    const client = projectHeaders('client');
    try {
      // Four at a time: announced and chunked lengths, bytes and JSON, a public and a keyed route.
      for (let i = 0; i < ATTEMPTS; i += 4) {
        const batch = [0, 1, 2, 3].map((j) =>
          rawRequest({
            port,
            path: j % 2 === 0 ? '/api/v1/auth/password/sign-up' : '/api/v1/users',
            headers: { ...(j % 2 === 0 ? client : projectHeaders('server')), 'content-type': j < 2 ? 'application/octet-stream' : 'application/json' },
            streamBytes: UPLOAD_BYTES,
            announceLength: (i / 4 + j) % 2 === 0,
          }),
        );
        answers.push(...(await Promise.all(batch)));
      }
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    const peak = Math.max(sampledPeak, peakReset ? await memory('VmHWM') : 0, await memory('VmRSS'));
    const count = (test: (a: RawAnswer) => boolean) => answers.filter(test).length;
    const sent = answers.reduce((sum, a) => sum + a.bytesSent, 0);
    console.log(
      `[100 MB uploads] requests tried: ${answers.length}, 4xx: ${count((a) => a.status >= 400 && a.status < 500)}, ` +
        `5xx: ${count((a) => a.status >= 500)}, resets: ${count((a) => a.outcome === 'reset')}, ` +
        `bytes sent before the 413: ${(sent / MB).toFixed(1)} MB of ${(answers.length * UPLOAD_BYTES) / MB} MB, ` +
        `reset errors: ${JSON.stringify(answers.filter((a) => a.outcome === 'reset').map((a) => a.error))}, ` +
        `RSS before: ${(before / MB).toFixed(0)} MB, peak RSS: ${(peak / MB).toFixed(0)} MB (growth ${((peak - before) / MB).toFixed(0)} MB), ${seconds.toFixed(1)} s`,
    );
    // Every client reads its 413: none sees a reset (the emulator closes a refused upload with a FIN, never an RST
    // while the client's answer may still be unread; see closeGentlyUntilBodyEnds in node-server.ts).
    expect(answers.map((a) => a.outcome)).toEqual(Array<string>(ATTEMPTS).fill('answered'));
    expect(answers.map((a) => a.status)).toEqual(Array<number>(ATTEMPTS).fill(413));
    expect(sent).toBeLessThan((ATTEMPTS * UPLOAD_BYTES) / 4);
    expect(peak - before).toBeLessThan(MAX_RSS_GROWTH);
  },
  60_000,
);

it('the CLI flags reach the server: --max-body-bytes moves the limit, --allow-host adds a name', async () => {
  const signUp = (bytes: number) =>
    rawRequest({ port, path: '/api/v1/auth/password/sign-up', headers: { ...projectHeaders('client'), 'content-type': 'application/octet-stream' }, body: new Uint8Array(bytes) });
  expect((await signUp(1.5 * MB)).status).toBe(400); // over the default 1 MiB, under the 2 MiB given
  expect((await signUp(2 * MB + 1)).status).toBe(413);
  const outbox = (host: string) => rawRequest({ port, method: 'GET', path: '/emulator/api/outbox?mailbox=nobody', headers: { host } });
  expect((await outbox(`dev-box.test:${port}`)).status).toBe(200);
  expect((await outbox(`evil.test:${port}`)).status).toBe(403);
});

// `npm run bench:emulator [-- --concurrency 32] [--seconds 5] [--bin PATH] [--node-option=FLAG]… [--database-url …]`:
// starts the emulator CLI as a child process on free localhost ports (from the sources with tsx, or the built
// `--bin`, e.g. the packaged dist/cli.js), runs the load scenario's phases against it and prints throughput, latency
// and the emulator's CPU time per request (the load generator's own CPU is not counted). Exits 1 if a request failed.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatReport } from './report.ts';
import { runLoad } from './scenario.ts';

const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '5' },
    bin: { type: 'string' },
    'node-option': { type: 'string', multiple: true, default: [] },
    'database-url': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log('Usage: tsx emulator/load/run.ts [--concurrency 32] [--seconds 5 (each phase)] [--bin dist/cli.js] [--node-option=--cpu-prof]… [--database-url postgres://…]');
  process.exit(0);
}

const concurrency = Number(values.concurrency);
const seconds = Number(values.seconds);
if (!Number.isInteger(concurrency) || concurrency < 1 || !(seconds > 0)) {
  console.error('--concurrency must be a positive integer and --seconds a positive number');
  process.exit(2);
}

const databaseUrl = values['database-url'];
const entry = values.bin === undefined ? ['--import', 'tsx', fileURLToPath(new URL('../cli.ts', import.meta.url))] : [values.bin];
const child = spawn(process.execPath, [...values['node-option'], ...entry, '--port', '0', '--mail-port', '0', '--webhooks-port', '0', ...(databaseUrl === undefined ? [] : ['--database-url', databaseUrl])], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const baseUrl = await new Promise<string>((resolve, reject) => {
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
    const api = /API:\s+(http:\/\/\S+)\/api\/v1/.exec(out);
    if (api?.[1]) resolve(api[1]);
  });
  child.once('exit', (code) => reject(new Error(`the emulator exited (${code}) before it was ready:\n${out}`)));
});
child.stdout.resume();

const cpuMicros = async () => ((await (await fetch(`${baseUrl}/emulator/api/process`)).json()) as { cpu_micros: number }).cpu_micros;
const loadAtStart = loadavg()[0] ?? 0;
try {
  const { recorder } = await runLoad({ baseUrl, concurrency, phaseMillis: seconds * 1000, cpuMicros });
  const load = `load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end`;
  console.log(formatReport(recorder, { concurrency, storage: databaseUrl === undefined ? 'PGlite in a scratch folder' : 'PostgreSQL', load }));
  process.exitCode = recorder.errorCount() === 0 ? 0 : 1;
} finally {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

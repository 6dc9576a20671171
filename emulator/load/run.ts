// `tsx emulator/load/run.ts [--concurrency 32] [--seconds 10] [--database-url postgres://…]`: starts an emulator on a
// free localhost port, runs the load scenario against it, prints throughput and latency per operation. Exits 1 if
// any request failed.
import { parseArgs } from 'node:util';
import { startEmulator } from '../index.ts';
import { formatReport } from './report.ts';
import { runLoad } from './scenario.ts';

const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '10' },
    'database-url': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log('Usage: tsx emulator/load/run.ts [--concurrency 32] [--seconds 10] [--database-url postgres://…]');
  process.exit(0);
}

const concurrency = Number(values.concurrency);
const seconds = Number(values.seconds);
if (!Number.isInteger(concurrency) || concurrency < 1 || !(seconds > 0)) {
  console.error('--concurrency must be a positive integer and --seconds a positive number');
  process.exit(2);
}

const databaseUrl = values['database-url'];
const emulator = await startEmulator({ port: 0, mailPort: 0, hostname: 'localhost', ...(databaseUrl === undefined ? {} : { databaseUrl }) });
try {
  const { recorder, elapsedMs } = await runLoad({ baseUrl: emulator.url, concurrency, durationMs: seconds * 1000 });
  console.log(formatReport(recorder, { elapsedMs, concurrency, storage: databaseUrl === undefined ? 'PGlite in memory' : 'PostgreSQL' }));
  process.exitCode = recorder.errorCount() === 0 ? 0 : 1;
} finally {
  await emulator.close();
}

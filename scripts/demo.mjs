// `npm run demo [-- --emulator-port 8102 --mail-port 8105 --webhooks-port 8113 --demo-port 5173]`: the emulator
// and the demo app together; Ctrl+C stops both. Each port also comes from the environment (EMULATOR_PORT,
// MAIL_PORT, WEBHOOKS_PORT, DEMO_PORT); the flags win. "open …" is printed once both answer; a taken port or a
// failed start is one line and a non-zero exit.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { portProblem } from './port-check.mjs';

const PORTS = {
  'emulator-port': ['EMULATOR_PORT', '8102'],
  'mail-port': ['MAIL_PORT', '8105'],
  'webhooks-port': ['WEBHOOKS_PORT', '8113'],
  'demo-port': ['DEMO_PORT', '5173'],
};
/** How long the two may take to answer (the emulator's first start builds its database cache). */
const START_TIMEOUT_MS = 180_000;

function fail(message, code = 1) {
  console.error(`[demo] ${message}`);
  process.exit(code);
}

let values;
try {
  ({ values } = parseArgs({ options: Object.fromEntries(Object.keys(PORTS).map((flag) => [flag, { type: 'string' }])) }));
} catch (error) {
  fail(`${error.message}; the options are ${Object.keys(PORTS).map((flag) => `--${flag} N`).join(' ')}`, 2);
}
const port = Object.fromEntries(Object.entries(PORTS).map(([flag, [env, fallback]]) => [flag, values[flag] ?? process.env[env] ?? fallback]));
for (const [flag, value] of Object.entries(port)) {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65535) fail(`--${flag} must be a port number (1-65535), got '${value}'`, 2);
}
if (new Set(Object.values(port)).size < 4) fail(`the four ports must differ, got ${Object.entries(port).map(([flag, value]) => `--${flag} ${value}`).join(' ')}`, 2);

/** The one line for a port that cannot be used, naming this script's flag for it. */
function portLine(number, why) {
  const flag = Object.keys(port).find((name) => port[name] === String(number));
  const move = flag ? ` Pick another with: npm run demo -- --${flag} ${Number(number) + 1000}` : '';
  return `port ${number} ${why}.${move}`;
}

for (const value of Object.values(port)) {
  const why = await portProblem(Number(value));
  if (why) fail(portLine(value, why));
}

const emulatorUrl = `http://localhost:${port['emulator-port']}`;
const demoUrl = `http://localhost:${port['demo-port']}`;
const children = [];
let stopping = false;

/**
 * Starts a child with its output passed through; its error output is held until it is ready, so a failed start
 * is told in one line instead of its stack. Resolves when a line of its output matches `ready`.
 */
function start(name, args, ready, env = {}) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  children.push(child);
  let heldErrors = '';
  let started = false;
  child.stderr.on('data', (chunk) => (started ? process.stderr.write(chunk) : (heldErrors += chunk)));
  const lines = createInterface({ input: child.stdout });
  return new Promise((resolve, reject) => {
    lines.on('line', (line) => {
      console.log(line);
      if (!started && ready.test(line)) {
        started = true;
        process.stderr.write(heldErrors);
        resolve();
      }
    });
    child.on('exit', (code, signal) => {
      if (stopping) return;
      const busy = /port (\d+) is (?:already )?in use/i.exec(heldErrors);
      if (!started) {
        if (busy) return reject(new Error(portLine(busy[1], 'is in use (another program?)')));
        process.stderr.write(heldErrors);
        return reject(new Error(`the ${name} did not start (exit ${code ?? signal}); its output is above`));
      }
      console.error(`[demo] the ${name} stopped (exit ${code ?? signal}); stopping the demo.`);
      stop(code || 1);
    });
  });
}

/** True when `url` answers with a success, and (for the page) is our page, not another program on the port. */
async function answers(url, mustContain) {
  const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  if (mustContain && !(await response.text()).includes(mustContain)) throw new Error(`${url} is not the demo app`);
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  if (running.length === 0) process.exit(code);
  let left = running.length;
  for (const child of running) {
    child.once('exit', () => --left === 0 && process.exit(code));
    child.kill('SIGTERM');
  }
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const timeout = setTimeout(() => {
  console.error(`[demo] the emulator and the demo app did not both answer within ${START_TIMEOUT_MS / 1000} s; stopping.`);
  stop(1);
}, START_TIMEOUT_MS);

try {
  await Promise.all([
    // The demo's Project admin page uses server and admin access from the browser: its origin must be allowed.
    start(
      'emulator',
      ['--import', 'tsx', 'emulator/cli.ts', '--port', port['emulator-port'], '--mail-port', port['mail-port'], '--webhooks-port', port['webhooks-port'], '--allow-origin', demoUrl],
      /^authworker emulator ready in/,
    ).then(() => answers(`${emulatorUrl}/health`)),
    start('demo app (vite)', ['node_modules/vite/bin/vite.js', '--logLevel', 'info'], /ready in/, {
      AUTHWORKER_API_URL: emulatorUrl,
      AUTHWORKER_WEBHOOKS_URL: `http://127.0.0.1:${port['webhooks-port']}`,
      DEMO_PORT: port['demo-port'],
    }).then(() => answers(demoUrl, '<title>authworker demo</title>')),
  ]);
} catch (error) {
  console.error(`[demo] ${error.message}`);
  stop(1);
}
clearTimeout(timeout);
if (!stopping) console.log(`\n[demo] open ${demoUrl}  (emulator: ${emulatorUrl}, mailbox: ${port['mail-port']}, webhooks: ${port['webhooks-port']})\n`);

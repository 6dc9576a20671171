// `npm run demo [-- --emulator-port 8102 --mail-port 8105 --webhooks-port 8113 --demo-port 5173]`: the emulator
// and the demo app together; Ctrl+C stops both. Each port also comes from the environment (EMULATOR_PORT,
// MAIL_PORT, WEBHOOKS_PORT, DEMO_PORT); the flags win.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

const PORTS = {
  'emulator-port': ['EMULATOR_PORT', '8102'],
  'mail-port': ['MAIL_PORT', '8105'],
  'webhooks-port': ['WEBHOOKS_PORT', '8113'],
  'demo-port': ['DEMO_PORT', '5173'],
};
const MOVE_HINT = `move them with: npm run demo -- ${Object.keys(PORTS).map((flag) => `--${flag} N`).join(' ')} (or ${Object.values(PORTS).map(([env]) => env).join(', ')})`;

let values;
try {
  ({ values } = parseArgs({ options: Object.fromEntries(Object.keys(PORTS).map((flag) => [flag, { type: 'string' }])) }));
} catch (error) {
  console.error(`[demo] ${error.message}; ${MOVE_HINT}`);
  process.exit(2);
}
const port = Object.fromEntries(Object.entries(PORTS).map(([flag, [env, fallback]]) => [flag, values[flag] ?? process.env[env] ?? fallback]));
for (const [flag, value] of Object.entries(port)) {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
    console.error(`[demo] --${flag} must be a port number (1-65535), got '${value}'`);
    process.exit(2);
  }
}
const children = [];

function start(name, command, args, env = {}) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`[demo] the ${name} exited (${code}); stopping. If a port was taken, ${MOVE_HINT}.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// The demo's Project admin page uses server and admin access from the browser: its origin must be allowed.
start('emulator', 'node_modules/.bin/tsx', [
  'emulator/cli.ts',
  '--port',
  port['emulator-port'],
  '--mail-port',
  port['mail-port'],
  '--webhooks-port',
  port['webhooks-port'],
  '--allow-origin',
  `http://localhost:${port['demo-port']}`,
]);
start('demo app (vite)', 'node_modules/.bin/vite', ['--logLevel', 'info'], {
  AUTHWORKER_API_URL: `http://localhost:${port['emulator-port']}`,
  AUTHWORKER_WEBHOOKS_URL: `http://127.0.0.1:${port['webhooks-port']}`,
  DEMO_PORT: port['demo-port'],
});
setTimeout(
  () =>
    console.log(
      `\n[demo] open http://localhost:${port['demo-port']}  (emulator: http://localhost:${port['emulator-port']}, mailbox: ${port['mail-port']}, webhooks: ${port['webhooks-port']})\n`,
    ),
  1500,
);

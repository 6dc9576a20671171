// `npm run demo`: the emulator and the demo app together; Ctrl+C stops both.
import { spawn } from 'node:child_process';

const emulatorPort = process.env.EMULATOR_PORT ?? '8102';
const demoPort = process.env.DEMO_PORT ?? '5173';
const webhooksPort = process.env.WEBHOOKS_PORT ?? '8113';
const children = [];

function start(command, args, env = {}) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`[demo] ${command} exited (${code}); stopping.`);
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
start('node_modules/.bin/tsx', ['emulator/cli.ts', '--port', emulatorPort, '--webhooks-port', webhooksPort, '--allow-origin', `http://localhost:${demoPort}`]);
start('node_modules/.bin/vite', ['--logLevel', 'info'], {
  AUTHWORKER_API_URL: `http://localhost:${emulatorPort}`,
  AUTHWORKER_WEBHOOKS_URL: `http://127.0.0.1:${webhooksPort}`,
  DEMO_PORT: demoPort,
});
setTimeout(() => console.log(`\n[demo] open http://localhost:${demoPort}  (emulator: http://localhost:${emulatorPort})\n`), 1500);

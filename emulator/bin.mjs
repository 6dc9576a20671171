#!/usr/bin/env node
// Package bin: runs emulator/cli.ts through tsx (the emulator ships as TypeScript source).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const tsxCli = require.resolve('tsx/cli');
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const child = spawn(process.execPath, [tsxCli, cli, ...process.argv.slice(2)], { stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});

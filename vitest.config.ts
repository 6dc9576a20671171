import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const ROOTS = ['runtime', 'sw', 'react', 'emulator', 'docs', 'scripts', 'build', 'bench'];

/**
 * Test files share their worker's modules from file to file (isolate: false): starting a process and importing the
 * modules again for each of the 256 files was most of the suite's time (bench/RESULTS.md, "Unit suite"). Two kinds
 * of file keep a fresh module graph of their own: those that mock modules (a mock would outlive its file) and those
 * that import modules at run time to watch what loading them does (a module another file loaded is already there).
 */
const NEEDS_FRESH_MODULES = /\bvi\.(mock|doMock|resetModules)\(|\bawait import\(/;
/**
 * Files that run an emulator share workers among themselves only: starting its HTTP server replaces the global
 * Request and Response with @hono/node-server's for the rest of the process.
 */
const EMULATOR_TEST = /^(emulator\/.*|.*\.integration)\.test\.ts$/;

const files = ROOTS.flatMap((root) => readdirSync(root, { recursive: true, encoding: 'utf8' }).map((file) => `${root}/${file}`)).filter(
  (file) => file.endsWith('.test.ts') && !file.includes('node_modules/'),
);
const isolated = new Set(files.filter((file) => NEEDS_FRESH_MODULES.test(readFileSync(file, 'utf8'))));
const shared = files.filter((file) => !isolated.has(file));
/** Puts back what a file stubbed or spied on (globals, environment, timers, spies) when it ends, for the next file in the worker. */
const SHARED_WORKER = { isolate: false, setupFiles: ['testing/shared-worker.ts'] };

export default defineConfig({
  test: {
    globalSetup: ['testing/emulator/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'isolated', include: [...isolated] } },
      { extends: true, test: { name: 'emulator', include: shared.filter((file) => EMULATOR_TEST.test(file)), ...SHARED_WORKER } },
      { extends: true, test: { name: 'unit', include: shared.filter((file) => !EMULATOR_TEST.test(file)), ...SHARED_WORKER } },
    ],
  },
});

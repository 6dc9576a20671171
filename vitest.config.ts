import { readdirSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

const ROOTS = ['runtime', 'sw', 'react', 'emulator', 'docs', 'scripts', 'build'];
const INCLUDE = `{${ROOTS.join(',')}}/**/*.test.ts`;

/** Files that run an emulator in process: the emulator's own tests and, by convention, every *.integration.test.ts. */
const EMULATOR_TEST = /^(emulator\/.*|.*\.integration)\.test\.ts$/;
/** A module mock outlives its file in a shared worker (vitest resets it only between isolated files). */
const MOCKS_MODULES = /\bvi\.(mock|doMock|resetModules)\(/;

/**
 * Emulator tests share their worker's modules from file to file: importing the emulator and compiling PGlite's
 * WebAssembly were most of each such file's time (bench/RESULTS.md, "Unit suite"). Every other file keeps a fresh
 * module graph of its own.
 */
function sharedWorkerFiles(): string[] {
  return ROOTS.flatMap((root) => readdirSync(root, { recursive: true, encoding: 'utf8' }).map((file) => `${root}/${file}`)).filter(
    (file) => EMULATOR_TEST.test(file) && !file.includes('node_modules') && !MOCKS_MODULES.test(readFileSync(file, 'utf8')),
  );
}

const shared = sharedWorkerFiles();

export default defineConfig({
  test: {
    globalSetup: ['testing/emulator/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'unit', include: [INCLUDE], exclude: [...configDefaults.exclude, ...shared] } },
      { extends: true, test: { name: 'emulator', include: shared, isolate: false, setupFiles: ['testing/shared-worker.ts'] } },
    ],
  },
});

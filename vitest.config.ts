import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{runtime,sw,react,emulator,docs,scripts,build}/**/*.test.ts'],
    globalSetup: ['testing/emulator/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{runtime,sw,react,emulator,docs,scripts,build}/**/*.test.ts'],
    globalSetup: ['emulator/test-support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/chromium.ts';

// `npm run test:consumer`: authworker as its users get it, packed and installed in apps outside the
// repository (setup.ts). Specs are *.consumer.ts so the main suite never picks them up.
export default defineConfig({
  testDir: '.',
  testMatch: /\.consumer\.ts$/,
  globalSetup: './setup.ts',
  fullyParallel: true,
  workers: 2,
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '../../test-results-consumer',
  use: { launchOptions: chromiumLaunchOptions(), trace: 'retain-on-failure' },
});

import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/chromium.ts';
// Ports of their own, so a running `npm run demo` does not collide with the tests.
import { APP_API_PORT, APP_API_URL, DEMO_OUT_DIR, DEMO_PORT, EMULATOR_PORT, EMULATOR_URL as emulatorUrl } from './e2e/support/ports.ts';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: DEMO_OUT_DIR === 'dist/demo' ? 'test-results' : `test-results-${DEMO_PORT}`,
  use: {
    baseURL: `http://localhost:${DEMO_PORT}`,
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'service-worker', testIgnore: /(page-hosted-mode|worker-update|project-admin)\.spec\.ts$/ },
    {
      // Browsers or modes without service workers: the page-hosted session must pass the same stories.
      name: 'no-service-worker',
      use: { serviceWorkers: 'block' },
      testMatch: /(multi-tab-sign-out|sign-up-and-reload|wrong-password|page-hosted-mode)\.spec\.ts$/,
    },
    {
      // Changes the served worker script, so it runs alone once the other projects are done.
      name: 'worker-update',
      testMatch: /worker-update\.spec\.ts$/,
      dependencies: ['service-worker', 'no-service-worker'],
    },
    {
      // Renames the demo project and toggles a provider: alone at the end, so no other spec sees it.
      name: 'project-admin',
      testMatch: /project-admin\.spec\.ts$/,
      dependencies: ['worker-update'],
    },
  ],
  webServer: [
    {
      command: `node_modules/.bin/tsx emulator/cli.ts --port ${EMULATOR_PORT} --mail-port ${EMULATOR_PORT + 3} --webhooks-port ${EMULATOR_PORT + 11} --hosted-refresh-claims`,
      url: `${emulatorUrl}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      // The app's own backend (x-stack-auth), proxied by the demo at /app-api/ and /other-api/.
      command: 'node_modules/.bin/tsx e2e/support/app-api-server.ts',
      env: { AUTHWORKER_API_URL: emulatorUrl, APP_API_PORT: String(APP_API_PORT) },
      url: `http://localhost:${APP_API_PORT}/health`,
      reuseExistingServer: false,
    },
    {
      command: `node_modules/.bin/vite build --logLevel warn && node_modules/.bin/vite preview`,
      env: { AUTHWORKER_API_URL: emulatorUrl, DEMO_PORT: String(DEMO_PORT), APP_API_URL, DEMO_OUT_DIR },
      url: `http://localhost:${DEMO_PORT}`,
      timeout: 120_000,
      reuseExistingServer: false,
    },
  ],
});

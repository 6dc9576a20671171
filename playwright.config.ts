import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/chromium.ts';
// Ports of their own, so a running `npm run demo` does not collide with the tests.
import { DEMO_OUT_DIR, DEMO_PORT } from './e2e/support/ports.ts';
import { appApiServer, demoServer, emulatorServer, SUITE_DEFAULTS } from './e2e/support/servers.ts';

export default defineConfig({
  ...SUITE_DEFAULTS,
  outputDir: DEMO_OUT_DIR === 'dist/demo' ? 'test-results' : `test-results-${DEMO_PORT}`,
  use: {
    baseURL: `http://localhost:${DEMO_PORT}`,
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'service-worker', testIgnore: /(page-hosted-mode|worker-update|project-admin|screenshots)\.spec\.ts$/ },
    // Pictures of every component and handler page (toHaveScreenshot), Chromium, baselines committed next to the spec.
    { name: 'screenshots', testMatch: /screenshots\.spec\.ts$/ },
    {
      // Browsers or modes without service workers: the page-hosted session must pass the same stories.
      name: 'no-service-worker',
      use: { serviceWorkers: 'block' },
      testMatch: /(multi-tab-sign-out|sign-out-api-down|sign-up-and-reload|wrong-password|page-hosted-mode|user-edits-reach-every-tab)\.spec\.ts$/,
    },
    {
      // Changes the served worker script, so it runs alone once the other projects are done.
      name: 'worker-update',
      testMatch: /worker-update\.spec\.ts$/,
      dependencies: ['service-worker', 'no-service-worker', 'screenshots'],
    },
    {
      // Renames the demo project and toggles a provider: alone at the end, so no other spec sees it.
      name: 'project-admin',
      testMatch: /project-admin\.spec\.ts$/,
      dependencies: ['worker-update'],
    },
  ],
  webServer: [emulatorServer, appApiServer, demoServer],
});

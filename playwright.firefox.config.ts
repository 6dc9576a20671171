// The core user stories again, in Firefox (Debian's firefox-esr over WebDriver BiDi, see e2e/firefox/support/firefox.ts).
import './e2e/firefox/engine.ts';
import { defineConfig } from '@playwright/test';
import { DEMO_OUT_DIR } from './e2e/support/ports.ts';
import { demoServer, emulatorServer } from './e2e/support/servers.ts';

export default defineConfig({
  testDir: 'e2e/firefox',
  testMatch: /\.firefox\.ts$/,
  fullyParallel: true,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: `test-results-firefox-${DEMO_OUT_DIR.replace(/\W/g, '-')}`,
  projects: [
    { name: 'firefox', testIgnore: /refresh-storm\.firefox\.ts$/ },
    {
      // Moves the emulator's clock and counts its refreshes: alone, once the other stories are done.
      name: 'firefox-clock',
      testMatch: /refresh-storm\.firefox\.ts$/,
      dependencies: ['firefox'],
    },
  ],
  webServer: [emulatorServer, demoServer],
});

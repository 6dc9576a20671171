// The core user stories again in Firefox (Debian's firefox-esr over WebDriver BiDi, e2e/firefox/support/firefox.ts),
// and a smoke story in WebKit (WebKitGTK over WebDriver classic, e2e/webkit/support/webkit.ts).
import './e2e/support/engines-suite.ts';
import { defineConfig } from '@playwright/test';
import { DEMO_OUT_DIR } from './e2e/support/ports.ts';
import { demoServer, emulatorServer, SUITE_DEFAULTS } from './e2e/support/servers.ts';

export default defineConfig({
  ...SUITE_DEFAULTS,
  outputDir: `test-results-engines-${DEMO_OUT_DIR.replace(/\W/g, '-')}`,
  projects: [
    { name: 'firefox', testMatch: /\.firefox\.ts$/, testIgnore: /refresh-storm\.firefox\.ts$/ },
    { name: 'webkit', testMatch: /\.webkit\.ts$/ },
    {
      // Moves the emulator's clock and counts its refreshes: alone, one at a time, once the other stories are done.
      name: 'firefox-clock',
      testMatch: /refresh-storm\.firefox\.ts$/,
      workers: 1,
      dependencies: ['firefox', 'webkit'],
    },
  ],
  webServer: [emulatorServer, demoServer],
});

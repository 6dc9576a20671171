// The core user stories again in Firefox (Debian's firefox-esr over WebDriver BiDi, e2e/firefox/support/firefox.ts)
// and in WebKit (WebKitGTK over WebDriver classic, e2e/webkit/support/webkit.ts), written once in e2e/support/.
import './e2e/support/engines-suite.ts';
import { defineConfig } from '@playwright/test';
import { DEMO_OUT_DIR } from './e2e/support/ports.ts';
import { demoServer, emulatorServer, SUITE_DEFAULTS } from './e2e/support/servers.ts';

/** Stories that move the emulator's clock and count its refreshes. */
const CLOCK_STORIES = /refresh-storm\.(firefox|webkit)\.ts$/;

export default defineConfig({
  ...SUITE_DEFAULTS,
  outputDir: `test-results-engines-${DEMO_OUT_DIR.replace(/\W/g, '-')}`,
  projects: [
    { name: 'firefox', testMatch: /\.firefox\.ts$/, testIgnore: CLOCK_STORIES },
    { name: 'webkit', testMatch: /\.webkit\.ts$/, testIgnore: CLOCK_STORIES },
    {
      // Alone, one at a time, once the other stories are done: a clock move would expire their sessions.
      name: 'engines-clock',
      testMatch: CLOCK_STORIES,
      workers: 1,
      dependencies: ['firefox', 'webkit'],
    },
  ],
  webServer: [emulatorServer, demoServer],
});

import { test } from './support/webkit.ts';
import { webkitTabs } from './support/tabs.ts';
import { uniqueEmail } from '../support/app.ts';
import { expectOneRefreshForAStorm } from '../support/refresh-storm.ts';

// Moves the emulator's clock: runs in the engines-clock project, alone (playwright.engines.config.ts).
test('WebKit: 5 tabs x 50 concurrent requests over an expired access token cause exactly one refresh', async ({ webkit }) => {
  test.setTimeout(60_000);
  await expectOneRefreshForAStorm('webkit', webkitTabs(webkit), uniqueEmail('wk-storm'));
});

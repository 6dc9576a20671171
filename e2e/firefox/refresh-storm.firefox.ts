import { test } from './support/firefox.ts';
import { firefoxTabs } from './support/demo.ts';
import { uniqueEmail } from '../support/app.ts';
import { expectOneRefreshForAStorm } from '../support/refresh-storm.ts';

// Moves the emulator's clock: runs in the engines-clock project, alone (playwright.engines.config.ts).
test('5 tabs x 50 concurrent requests over an expired access token cause exactly one refresh', async ({ firefoxContext }) => {
  // Up to 500 requests through the worker (those sent with the expired token go again after the refresh): 5-15 s on a busy machine.
  test.setTimeout(60_000);
  await expectOneRefreshForAStorm('firefox', firefoxTabs(firefoxContext), uniqueEmail('ff-storm'));
});

import { expect, test } from './support/webkit.ts';
import { webkitTabs } from './support/tabs.ts';
import { uniqueEmail } from '../support/app.ts';
import { refreshStorm, STORM_CALLS } from '../support/refresh-storm.ts';

// Moves the emulator's clock: runs in the engines-clock project, alone (playwright.engines.config.ts).
test('WebKit: 5 tabs x 50 concurrent requests over an expired access token cause exactly one refresh', async ({ webkit }) => {
  test.setTimeout(60_000);
  const storm = await refreshStorm(webkitTabs(webkit), uniqueEmail('wk-storm'));
  expect(storm.statuses).toEqual(Array(STORM_CALLS).fill(200));
  expect(storm.refreshes).toBe(1);
  console.log(`webkit refresh storm: ${STORM_CALLS} requests from 5 tabs, ${storm.refreshes} refresh, ${storm.wallMs} ms until all succeeded`);
});

import { expect, test } from './support/firefox.ts';
import { firefoxTabs } from './support/demo.ts';
import { uniqueEmail } from '../support/app.ts';
import { refreshStorm, STORM_CALLS } from '../support/refresh-storm.ts';

test('5 tabs x 50 concurrent requests over an expired access token cause exactly one refresh', async ({ firefoxContext }) => {
  // Up to 500 requests through the worker (those sent with the expired token go again after the refresh): 5-15 s on a busy machine.
  test.setTimeout(60_000);
  const storm = await refreshStorm(firefoxTabs(firefoxContext), uniqueEmail('ff-storm'));
  expect(storm.statuses).toEqual(Array(STORM_CALLS).fill(200));
  expect(storm.refreshes).toBe(1);
  console.log(`firefox refresh storm: ${STORM_CALLS} requests from 5 tabs, ${storm.refreshes} refresh, ${storm.wallMs} ms until all succeeded`);
});

import { expect, test } from './support/webkit.ts';
import { webkitTabs } from './support/tabs.ts';
import { uniqueEmail } from '../support/app.ts';
import { secondTabAndSignOut } from '../support/core-stories.ts';

test('WebKit: a tab opened later is signed in, and signing out in tab B signs out tab A within 100 ms, without a reload', async ({ webkit }) => {
  const delay = await secondTabAndSignOut(webkitTabs(webkit), uniqueEmail('wk-multi-tab'));
  console.log(`webkit cross-tab sign-out: tab A showed signed-out ${delay.toFixed(1)} ms after the click in tab B`);
  expect(delay).toBeGreaterThan(0);
  expect(delay).toBeLessThanOrEqual(100);
});

import { expect, test } from './support/firefox.ts';
import { firefoxTabs } from './support/demo.ts';
import { uniqueEmail } from '../support/app.ts';
import { secondTabAndSignOut } from '../support/core-stories.ts';

test('a tab opened later is signed in, and signing out in tab B signs out tab A without a reload', async ({ firefoxContext }) => {
  const delay = await secondTabAndSignOut(firefoxTabs(firefoxContext), uniqueEmail('ff-multi-tab'));
  console.log(`firefox cross-tab sign-out: tab A showed signed-out ${delay.toFixed(1)} ms after the click in tab B`);
  expect(delay).toBeGreaterThan(0);
});

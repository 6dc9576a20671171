// e2e/user-edits-reach-every-tab.spec.ts in Firefox: a display name saved in tab A shows in tab B without a reload,
// with the worker and page-hosted (as in a private window). Timed with MutationObserver on one clock.
import { expect, test } from './support/firefox.ts';
import { firefoxTabs } from './support/demo.ts';
import { uniqueEmail } from '../support/app.ts';
import { userEditInAnotherTab } from '../support/core-stories.ts';

test('a display name saved in tab A shows in tab B without a reload', async ({ firefoxContext }) => {
  const delay = await userEditInAnotherTab(firefoxTabs(firefoxContext), uniqueEmail('ff-edit-name'));
  console.log(`firefox user edit: tab B showed the new display name ${delay.toFixed(1)} ms after the click in tab A`);
  expect(delay).toBeGreaterThan(0);
  // Seconds would mean a reload or a poll.
  expect(delay).toBeLessThan(2_000);
});

test('without service workers (as in a private window) the page-hosted tabs follow each other too', async ({ noWorkersContext }) => {
  const delay = await userEditInAnotherTab(firefoxTabs(noWorkersContext), uniqueEmail('ff-edit-name-paged'), false);
  console.log(`firefox user edit, page-hosted: tab B showed the new display name ${delay.toFixed(1)} ms after the click in tab A`);
  expect(delay).toBeLessThan(2_000);
});

// e2e/user-edits-reach-every-tab.spec.ts in WebKit: a display name saved in tab A shows in tab B without a reload.
import { expect, test } from './support/webkit.ts';
import { webkitTabs } from './support/tabs.ts';
import { uniqueEmail } from '../support/app.ts';
import { userEditInAnotherTab } from '../support/core-stories.ts';

test('WebKit: a display name saved in tab A shows in tab B without a reload', async ({ webkit }) => {
  const delay = await userEditInAnotherTab(webkitTabs(webkit), uniqueEmail('wk-edit-name'));
  console.log(`webkit user edit: tab B showed the new display name ${delay.toFixed(1)} ms after the click in tab A`);
  expect(delay).toBeGreaterThan(0);
  expect(delay).toBeLessThan(2_000);
});

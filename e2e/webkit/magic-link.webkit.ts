import { test } from './support/webkit.ts';
import { webkitTabs } from './support/tabs.ts';
import { uniqueEmail } from '../support/app.ts';
import { magicLinkCodeInAnotherTab } from '../support/core-stories.ts';

test('WebKit: magic link: the 6-character code sent in one tab is typed in another, and every tab is signed in', async ({ webkit }) => {
  await magicLinkCodeInAnotherTab(webkitTabs(webkit), uniqueEmail('wk-magic-code'));
});

import { test } from './support/firefox.ts';
import { firefoxTabs } from './support/demo.ts';
import { uniqueEmail } from '../support/app.ts';
import { magicLinkCodeInAnotherTab } from '../support/core-stories.ts';

test('magic link: the 6-character code sent in one tab is typed in another, and every tab is signed in', async ({ firefoxContext }) => {
  await magicLinkCodeInAnotherTab(firefoxTabs(firefoxContext), uniqueEmail('ff-magic-code'));
});

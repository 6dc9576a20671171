import { openTab, test } from './support/firefox.ts';
import { firefoxTab } from './support/demo.ts';
import { uniqueEmail } from '../support/app.ts';
import { devtoolsPanelAndExpiredToken } from '../support/devtools-story.ts';

test('the devtools panel opens from the keyboard, tells the session, and shows the refresh after an expired access token', async ({ firefoxContext }) => {
  await devtoolsPanelAndExpiredToken(firefoxTab(await openTab(firefoxContext)), uniqueEmail('ff-devtools'));
});

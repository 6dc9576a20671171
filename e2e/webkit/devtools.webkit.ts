import { test } from './support/webkit.ts';
import { webkitTabs } from './support/tabs.ts';
import { uniqueEmail } from '../support/app.ts';
import { devtoolsPanelAndExpiredToken } from '../support/devtools-story.ts';

test('WebKit: the devtools panel opens from the keyboard, tells the session, and shows the refresh after an expired access token', async ({ webkit }) => {
  await devtoolsPanelAndExpiredToken(await webkitTabs(webkit)(), uniqueEmail('wk-devtools'));
});

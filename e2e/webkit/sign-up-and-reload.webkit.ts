import { test } from './support/webkit.ts';
import { webkitTabs } from './support/tabs.ts';
import { uniqueEmail } from '../support/app.ts';
import { signUpAndReload } from '../support/core-stories.ts';

test('WebKit: sign up, reload: still signed in, and the worker controls the page', async ({ webkit }) => {
  await signUpAndReload(webkitTabs(webkit), uniqueEmail('wk-reload'));
});

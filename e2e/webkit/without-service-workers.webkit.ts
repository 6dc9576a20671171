import { test } from './support/webkit.ts';
import { webkitTabs } from './support/tabs.ts';
import { uniqueEmail } from '../support/app.ts';
import { pageHostedSession } from '../support/core-stories.ts';

// MiniBrowser with its ServiceWorkers feature off: no navigator.serviceWorker, so the page hosts the session.
// (WebDriver classic shows no console: the page-hosted warning is checked in Chromium and Firefox.)
test.use({ webkitOptions: { serviceWorkers: false, offlineSwitch: false } });

test('WebKit without service workers: the page hosts the session: sign-up, reload, a second tab, and sign-out follows', async ({ webkit }) => {
  await pageHostedSession(webkitTabs(webkit), uniqueEmail('wk-no-worker'));
});

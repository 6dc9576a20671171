import { expect, test } from './support/webkit.ts';
import { webkitTabs } from './support/tabs.ts';
import { uniqueEmail } from '../support/app.ts';
import { firstVisitOnline } from '../support/core-stories.ts';
import { isControlled, pageFetch, waitForTestIdText } from '../support/engine-tab.ts';

// The session goes through a proxy the story unplugs (support/offline-proxy.ts). WebKitGTK's navigator.onLine
// follows the system's network monitor, which a test cannot flip, so here the browser still says it is online:
// the network is gone as with a dead Wi-Fi. Chromium and Firefox run the navigator.onLine = false case.
test.use({ webkitOptions: { serviceWorkers: true, offlineSwitch: true } });

test('WebKit offline after the first visit: the app shell and the signed-in user come from the worker, and all is well once the network is back', async ({ webkit, offlineProxy }) => {
  if (!offlineProxy) throw new Error('this story needs the offline switch');
  const tab = await webkitTabs(webkit)();
  const email = uniqueEmail('wk-offline');
  await firstVisitOnline(tab, email);

  offlineProxy.setOffline(true);
  try {
    const started = Date.now();
    await tab.visit('/');
    expect(await isControlled(tab)).toBe(true);
    await waitForTestIdText(tab, 'user-email', email);
    console.log(`webkit offline: the app shell and the signed-in user showed ${Date.now() - started} ms after the navigation, with no network`);
    expect(await tab.evaluate(() => navigator.onLine)).toBe(true);
  } finally {
    offlineProxy.setOffline(false);
  }

  await tab.reload();
  const me = await pageFetch(tab, '/users/me');
  expect(me.status).toBe(200);
  expect(me.body).toContain(email);
  await waitForTestIdText(tab, 'session-status', 'signed-in');
});

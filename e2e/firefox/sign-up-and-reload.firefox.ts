import { expect, openTab, test } from './support/firefox.ts';
import { clickButton, isControlled, pageFetch, signUp, waitForTestId, waitForTestIdText, waitForWorkerControl } from './support/demo.ts';
import { uniqueEmail } from '../support/app.ts';

test('sign up, reload: still signed in, and the worker controls the page', async ({ firefoxContext }) => {
  const page = await openTab(firefoxContext);
  const email = uniqueEmail('ff-reload');
  await signUp(page, email);
  await waitForTestIdText(page, 'session-status', 'signed-in');
  await waitForWorkerControl(page);

  await page.reload();
  await waitForTestIdText(page, 'user-email', email);
  expect(await isControlled(page)).toBe(true);
  // The worker answers the page's own API calls: a plain fetch of /users/me, with no headers, is signed in.
  const me = await pageFetch(page, '/users/me');
  expect(me.status).toBe(200);
  expect(me.body).toContain(email);
});

test('after a hard reload the page is uncontrolled and still shows the user through the worker bridge', async ({ firefoxContext }) => {
  const page = await openTab(firefoxContext);
  const email = uniqueEmail('ff-hard-reload');
  await signUp(page, email);
  await waitForWorkerControl(page);

  // Firefox's force reload (Ctrl+Shift+R) bypasses the worker; BiDi's reload has no ignoreCache here.
  const reloaded = page.waitForNavigation();
  await page.evaluate(() => (location.reload as (forceGet: boolean) => void)(true));
  await reloaded;
  expect(await isControlled(page)).toBe(false);
  await waitForTestIdText(page, 'user-email', email);

  await clickButton(page, 'Sign out');
  await waitForTestId(page, 'signed-out');
});

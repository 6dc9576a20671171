import { expect, openTab, test } from './support/firefox.ts';
import { clickButton, firefoxTabs, isControlled, signUp, waitForTestId, waitForTestIdText, waitForWorkerControl } from './support/demo.ts';
import { uniqueEmail } from '../support/app.ts';
import { signUpAndReload } from '../support/core-stories.ts';

test('sign up, reload: still signed in, and the worker controls the page', async ({ firefoxContext }) => {
  await signUpAndReload(firefoxTabs(firefoxContext), uniqueEmail('ff-reload'));
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

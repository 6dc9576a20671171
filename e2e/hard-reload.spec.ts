import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';

test('after a hard reload the page is uncontrolled and still shows the user through the worker bridge', async ({ page, context }) => {
  const email = uniqueEmail('hard-reload');
  await signUp(page, email);
  await waitForWorkerControl(page);

  const cdp = await context.newCDPSession(page);
  const reloaded = page.waitForEvent('load');
  await cdp.send('Page.reload', { ignoreCache: true });
  await reloaded;
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  await expect(page.getByTestId('user-email')).toHaveText(email);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();
});

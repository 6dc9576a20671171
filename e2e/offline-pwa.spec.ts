import { expect, test } from '@playwright/test';
import { PASSWORD, signUp, stopServiceWorkers, uniqueEmail, waitForWorkerControl } from './support/app.ts';
import { OFFLINE_TEXT } from './support/people-text.ts';

test('after the first visit the app works offline: shell, signed-in user, and an honest sign-in form', async ({ page, context }) => {
  const email = uniqueEmail('pwa');
  await signUp(page, email);
  await waitForWorkerControl(page);
  // Visit the sign-in page once online (its project config is then known to the worker).
  await page.goto('/handler/sign-in');
  await expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByTestId('user-email')).toHaveText(email);
  await expect(page.getByTestId('session-status')).toContainText('offline');

  await page.goto('/handler/sign-in');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: OFFLINE_TEXT }).first()).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await context.setOffline(false);
});

test('offline after a worker restart: the signed-in user comes from storage, and sign-in says it is offline', async ({ page, context }) => {
  const email = uniqueEmail('pwa-restart');
  await signUp(page, email);
  await waitForWorkerControl(page);
  // Online, signed in, only the home page (sign-up fetched the project's configuration).
  await page.goto('/');
  await expect(page.getByTestId('user-email')).toHaveText(email);

  // The browser stops the idle worker: all it kept in memory is gone.
  await stopServiceWorkers(context, page);
  // A fresh worker, started by a request that is not the API's, then the network goes. (In Playwright,
  // a navigation that must start a stopped worker while offline never begins, and a CDP session left
  // with the ServiceWorker domain on turns the worker's navigator.onLine back to true.)
  await page.evaluate(() => fetch('/icon.svg').then((response) => response.ok));
  await context.setOffline(true);

  await page.goto('/');
  await expect(page.getByTestId('user-email')).toHaveText(email);
  await expect(page.getByTestId('session-status')).toContainText('offline');

  await page.goto('/handler/sign-in');
  await expect(page.getByRole('status').filter({ hasText: 'You are offline. This needs a connection.' })).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();
  await context.setOffline(false);
});

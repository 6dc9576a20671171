import { expect, test } from '@playwright/test';
import { PASSWORD, signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';

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
  await expect(page.getByRole('alert').filter({ hasText: 'It seems like you are offline' }).first()).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await context.setOffline(false);
});

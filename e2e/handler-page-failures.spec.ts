import { expect, test } from '@playwright/test';
import { EMULATOR_URL } from './support/app.ts';
import { STILL_TRYING_TEXT } from './support/people-text.ts';

// A handler page that cannot render shows why in its place, with a way to try again; the app stays.

test('the project cannot be read: the error is shown in the page, and "Try again" renders it once it can', async ({ page, context }) => {
  let failing = true;
  await context.route(`${EMULATOR_URL}/api/v1/projects/current*`, (route) =>
    failing ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'the project store is down' }) : route.fallback(),
  );
  await page.goto('/handler/sign-in');
  await expect(page.getByRole('heading', { name: 'This could not be shown' })).toBeVisible();
  await expect(page.locator('main .aw-page').first().getByRole('alert')).toHaveText('The server had a problem. Please try again later.');
  // The app around the page is still there.
  await expect(page.getByTestId('session-status')).toHaveText('signed-out');

  failing = false;
  // A failed project read is kept for a second (react/project.ts): the retry may need a second press.
  await expect(async () => {
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();
});

test.describe('without the worker (no precache between the page and its chunks)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a page\'s code that fails to load: says the server is out of reach, not "Something went wrong", and loads by itself once it can', async ({ page }) => {
    let failing = true;
    await page.route(/\/assets\/sign-up-[\w-]+\.js$/, (route) => (failing ? route.abort('internetdisconnected') : route.fallback()));
    await page.goto('/handler/sign-up');
    await expect(page.locator('main .aw-page').first().getByRole('status')).toHaveText(STILL_TRYING_TEXT);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
    await expect(page.getByTestId('session-status')).toBeVisible();

    failing = false;
    // No click: the page tries again on its own every few seconds.
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible({ timeout: 15_000 });
  });
});

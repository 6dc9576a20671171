import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { lastMailTo, linkIn, signUp, uniqueEmail } from './support/app.ts';

/** No serious or critical accessibility violations; a screenshot of the page as an artifact. */
async function checkPage(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include('.aw-page').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('every handler page renders, passes the accessibility check, and is saved as a screenshot', async ({ page }) => {
  // One walk over a dozen pages, each with an axe run: longer than a single-story test.
  test.setTimeout(90_000);
  await page.goto('/handler/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await checkPage(page, 'sign-in');

  await page.goto('/handler/log-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await page.goto('/handler/register');
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await checkPage(page, 'sign-up');

  await page.goto('/handler/forgot-password');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await checkPage(page, 'forgot-password');

  await page.goto('/handler/password-reset');
  await expect(page.getByRole('alert')).toContainText('no code');
  await checkPage(page, 'password-reset-without-code');

  await page.goto('/handler/email-verification');
  await expect(page.getByRole('alert')).toContainText('no code');
  await checkPage(page, 'email-verification-without-code');

  await page.goto('/handler/magic-link-callback?code=' + 'a'.repeat(45));
  await expect(page.getByRole('alert')).toContainText('The verification code does not exist for this project.');
  await checkPage(page, 'magic-link-callback-error');

  await page.goto('/handler/error?errorCode=OUTER_OAUTH_TIMEOUT&details=%7B%7D');
  await expect(page.getByRole('alert')).toHaveText('The OAuth flow has timed out. Please sign in again.');
  await checkPage(page, 'error');

  await page.goto('/handler/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  const email = uniqueEmail('pages');
  await signUp(page, email);
  await page.goto('/handler/account-settings');
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: email })).toBeVisible();
  await checkPage(page, 'account-settings');

  await page.goto(linkIn(await lastMailTo(email)));
  await expect(page.getByRole('status').filter({ hasText: 'verified' })).toBeVisible();
  await checkPage(page, 'email-verification');

  await page.goto('/handler/sign-out');
  await expect(page.getByTestId('signed-out')).toBeVisible();
});

test('the session inspector shows the worker events as they happen', async ({ page }) => {
  await page.goto('/inspector');
  await expect(page.getByTestId('inspector-snapshot')).toContainText('"status": "signed-out"');
  const email = uniqueEmail('inspector');
  const other = await page.context().newPage();
  await signUp(other, email);
  await expect(page.getByTestId('inspector-events')).toContainText('"status":"signed-in"');
  await expect(page.getByTestId('inspector-snapshot')).toContainText('"status": "signed-in"');
});

import { expect, test } from '@playwright/test';
import { lastMailTo, linkIn, PASSWORD, signIn, signUp, uniqueEmail } from './support/app.ts';
import { textFor } from './support/people-text.ts';

test('forgot password: the e-mailed link sets a new password that signs in', async ({ page }) => {
  const email = uniqueEmail('forgot');
  await signUp(page, email);
  await page.getByRole('button', { name: 'Sign out' }).click();

  await page.goto('/handler/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'we sent it a link' })).toBeVisible();

  await page.goto(linkIn(await lastMailTo(email)));
  await page.getByLabel('New password', { exact: true }).fill('a brand new password');
  await page.getByLabel('Repeat the new password').fill('a different one');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match.' })).toBeVisible();
  await page.getByLabel('Repeat the new password').fill('a brand new password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password was changed' })).toBeVisible();

  await signIn(page, email, 'a brand new password');
  await expect(page.getByTestId('user-email')).toHaveText(email);
});

test('e-mail verification: the link from the sign-up mail verifies the address; a reused link explains why it fails', async ({ page }) => {
  const email = uniqueEmail('verify');
  await signUp(page, email);
  const link = linkIn(await lastMailTo(email));
  await page.goto(link);
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail address is verified.' })).toBeVisible();
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: textFor('VERIFICATION_CODE_ALREADY_USED') })).toBeVisible();
});

test('account settings: rename, add an e-mail, change the password', async ({ page }) => {
  const email = uniqueEmail('settings');
  await signUp(page, email);
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByLabel('Display name').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  const second = uniqueEmail('second');
  await page.getByLabel('New e-mail address').fill(second);
  await page.getByRole('button', { name: 'Add e-mail' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: second })).toContainText('not verified');

  await page.getByLabel('Current password').fill('wrong password!');
  await page.getByLabel('New password', { exact: true }).fill('another good password');
  await page.getByLabel('Repeat the new password').fill('another good password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match.' })).toBeVisible();
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed.' })).toBeVisible();
});

test('the error page rebuilds the known error from its query parameters and says what it means, not the query text', async ({ page }) => {
  await page.goto('/handler/error?errorCode=OUTER_OAUTH_TIMEOUT&message=x&details=%7B%7D');
  await expect(page.getByRole('alert')).toHaveText(textFor('OUTER_OAUTH_TIMEOUT'));
  await page.goto('/handler/error?errorCode=TEAM_NOT_FOUND&details=%7B%22team_id%22%3A%22t1%22%7D');
  await expect(page.getByRole('alert')).toHaveText(textFor('TEAM_NOT_FOUND'));
  await expect(page.getByRole('alert')).toHaveAttribute('data-error-code', 'TEAM_NOT_FOUND');
});

test('account settings: deleting the account signs out every tab and the credentials stop working', async ({ context }) => {
  const tabA = await context.newPage();
  const email = uniqueEmail('delete');
  await signUp(tabA, email);
  const tabB = await context.newPage();
  await tabB.goto('/');
  await expect(tabB.getByTestId('signed-in')).toBeVisible();

  await tabA.goto('/handler/account-settings');
  await tabA.getByRole('button', { name: 'Delete my account…' }).click();
  await tabA.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(tabB.getByTestId('signed-out')).toBeVisible();
  await expect(tabA.getByTestId('session-status')).toHaveText('signed-out');

  await signIn(tabA, email, PASSWORD);
  await expect(tabA.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' })).toBeVisible();
});

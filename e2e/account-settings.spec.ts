import { expect, test } from '@playwright/test';
import { lastMailTo, linkIn, signUp, uniqueEmail } from './support/app.ts';
import { addVirtualAuthenticator, enableDemoPasskeys } from './support/passkeys.ts';

// The account page's e-mail actions and passkey removal, walked as a user does them.

test('e-mails: add one, verify it from the mail, make it primary (the header follows), remove the old one', async ({ page }) => {
  const first = uniqueEmail('account-first');
  const second = uniqueEmail('account-second');
  await signUp(page, first);
  await expect(page.getByTestId('header-signed-in')).toBeVisible();
  await expect(page.getByTestId('header-signed-out')).toBeHidden();

  await page.goto('/handler/account-settings');
  const emails = page.getByRole('region', { name: 'E-mail addresses' });
  await emails.getByLabel('New e-mail address').fill(second);
  await emails.getByRole('button', { name: 'Add e-mail' }).click();
  const secondRow = emails.getByRole('listitem').filter({ hasText: second });
  await expect(secondRow).toContainText('not verified');

  await secondRow.getByRole('button', { name: 'Send verification' }).click();
  await expect(secondRow.getByRole('status')).toHaveText('Verification e-mail sent.');
  const mail = await lastMailTo(second);
  expect(mail.to).toContain(second);
  await page.goto(linkIn(mail));
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail address is verified.' })).toBeVisible();

  await page.goto('/handler/account-settings');
  await expect(secondRow).toContainText('verified');
  await expect(secondRow).not.toContainText('not verified');
  await secondRow.getByRole('button', { name: 'Make primary' }).click();
  await expect(secondRow).toContainText('primary');
  // The user (the header's account button, named by the primary e-mail) follows.
  await expect(page.getByTestId('header-signed-in').getByRole('button', { name: second })).toBeVisible();

  const firstRow = emails.getByRole('listitem').filter({ hasText: first });
  await firstRow.getByRole('button', { name: `Remove ${first}` }).click();
  await expect(firstRow).toHaveCount(0);
  await expect(emails.getByRole('listitem')).toHaveCount(1);

  await page.goto('/');
  await expect(page.getByTestId('user-email')).toHaveText(second);
});

test.describe('passkey', () => {
  test.beforeAll(enableDemoPasskeys);

  test('a passkey added on the account page can be removed there, and no longer signs in', async ({ page }) => {
    await addVirtualAuthenticator(page);

    const email = uniqueEmail('passkey-removed');
    await signUp(page, email);
    await page.goto('/handler/account-settings');
    const section = page.getByRole('region', { name: 'Passkey' });
    await expect(section.getByRole('button', { name: 'Remove passkey' })).toHaveCount(0);
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(section.getByRole('status')).toHaveText('Passkey saved.');
    await expect(section.getByText('You can sign in with your passkey.')).toBeVisible();

    await section.getByRole('button', { name: 'Remove passkey' }).click();
    await expect(section.getByRole('status')).toHaveText('Passkey removed.');
    await expect(section.getByRole('button', { name: 'Add a passkey' })).toBeFocused();
    await expect(section.getByRole('button', { name: 'Remove passkey' })).toHaveCount(0);
    await page.reload();
    await expect(section.getByText('Sign in without a password, with a passkey of this device.')).toBeVisible();

    // The authenticator still holds the credential; the account no longer accepts it.
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByTestId('header-signed-out')).toBeVisible();
    await page.goto('/handler/sign-in');
    // Passkey autofill tries it first (Chromium's virtual authenticator answers a conditional request at once): refused, in words.
    const refused = page.locator('main .aw-page').first().getByRole('alert').filter({ hasText: /\S/ });
    await expect(refused).toHaveCount(1);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(refused).toHaveCount(2);
    await expect(page.getByTestId('session-status')).toHaveText('signed-out');
  });
});

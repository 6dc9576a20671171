import { expect, test } from '@playwright/test';
import { PASSWORD, signUp, uniqueEmail } from './support/app.ts';
import { addVirtualAuthenticator, enableDemoPasskeys } from './support/passkeys.ts';

test.beforeAll(enableDemoPasskeys);

/** Signs up, registers a passkey on the account page (the virtual authenticator keeps it), signs out. */
async function userWithPasskey(page: import('@playwright/test').Page, email: string): Promise<void> {
  await signUp(page, email);
  await page.goto('/handler/account-settings');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey saved.' })).toBeVisible();
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();
}

test('passkey autofill: the e-mail field offers the passkey (conditional mediation) and picking it signs in, with no click on a button', async ({ page }) => {
  await addVirtualAuthenticator(page);
  const email = uniqueEmail('passkey-autofill');
  await userWithPasskey(page, email);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/handler/sign-in');
  expect(await page.evaluate(() => PublicKeyCredential.isConditionalMediationAvailable())).toBe(true);
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveAttribute('autocomplete', 'username webauthn');
  // Chromium's virtual authenticator answers a conditional request with its discoverable credential, as a user picking it from the list.
  await expect(page.getByTestId('user-email')).toHaveText(email);
  expect(errors).toEqual([]);
});

test('passkey autofill: a password typed instead signs in with the password; the pending request ends cleanly', async ({ page }) => {
  const email = uniqueEmail('passkey-autofill-password');
  await signUp(page, email);
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();
  // No authenticator: the conditional request waits (as when the user dismisses the list).
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

  await page.goto('/handler/sign-in');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveAttribute('autocomplete', 'username webauthn');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('user-email')).toHaveText(email);
  expect(errors.filter((text) => /pending|abort/i.test(text))).toEqual([]);
  await expect(page.getByRole('alert').filter({ hasText: /./ })).toHaveCount(0);
});

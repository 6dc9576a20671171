import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/app.ts';
import { addVirtualAuthenticator, enableDemoPasskeys } from './support/passkeys.ts';
import { textFor } from './support/people-text.ts';

test.beforeAll(enableDemoPasskeys);

test('passkeys: register on the account page, sign out, sign in with the passkey (CDP virtual authenticator)', async ({ page }) => {
  await addVirtualAuthenticator(page);

  const email = uniqueEmail('passkey');
  await signUp(page, email);
  await page.goto('/handler/account-settings');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey saved.' })).toBeVisible();
  await expect(page.getByText('You can sign in with your passkey.')).toBeVisible();

  await page.goto('/');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();

  // Without autofill (a browser that has none), so the button's ceremony is the one that signs in:
  // e2e/passkey-autofill.spec.ts has the autofill, which Chromium's virtual authenticator answers at once.
  await page.addInitScript(() => (PublicKeyCredential.isConditionalMediationAvailable = async () => false));
  await page.goto('/handler/sign-in');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveAttribute('autocomplete', 'username webauthn');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByTestId('user-email')).toHaveText(email);
});

test('passkeys: a ceremony the user cancels says so in plain words and keeps the user signed in', async ({ page }) => {
  // What Chromium does when the user closes its passkey dialog.
  await page.addInitScript(() => {
    navigator.credentials.create = () => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
  });
  const email = uniqueEmail('passkey-cancelled');
  await signUp(page, email);
  await page.goto('/handler/account-settings');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: textFor('PASSKEY_WEBAUTHN_ERROR') })).toBeVisible();
  await expect(page.getByTestId('session-status')).toHaveText('signed-in');
});

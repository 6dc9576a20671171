import { expect, test } from '@playwright/test';
import { DEMO_PROJECT } from '../emulator/seed.ts';
import { EMULATOR_URL, signUp, uniqueEmail } from './support/app.ts';

// The demo project's seed has passkeys off: the admin API turns them on (idempotent, so parallel tests agree).
test.beforeAll(async () => {
  const response = await fetch(`${EMULATOR_URL}/api/v1/projects/current`, {
    method: 'PATCH',
    headers: {
      'content-type': 'application/json',
      'x-stack-project-id': DEMO_PROJECT.id,
      'x-stack-access-type': 'admin',
      'x-stack-super-secret-admin-key': DEMO_PROJECT.superSecretAdminKey,
    },
    body: JSON.stringify({ config: { passkey_enabled: true } }),
  });
  expect(response.status).toBe(200);
});

test('passkeys: register on the account page, sign out, sign in with the passkey (CDP virtual authenticator)', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  const email = uniqueEmail('passkey');
  await signUp(page, email);
  await page.goto('/handler/account-settings');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey saved.' })).toBeVisible();
  await expect(page.getByText('You can sign in with your passkey.')).toBeVisible();

  await page.goto('/');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();

  await page.goto('/handler/sign-in');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByTestId('user-email')).toHaveText(email);
});

test('passkeys: a ceremony the user cancels shows the browser\'s message and keeps the user signed in', async ({ page }) => {
  // What Chromium does when the user closes its passkey dialog.
  await page.addInitScript(() => {
    navigator.credentials.create = () => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
  });
  const email = uniqueEmail('passkey-cancelled');
  await signUp(page, email);
  await page.goto('/handler/account-settings');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The operation either timed out or was not allowed.' })).toBeVisible();
  await expect(page.getByTestId('session-status')).toHaveText('signed-in');
});

import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/app.ts';

test('sign up shows the e-mail on the home page, and a reload keeps the session', async ({ page }) => {
  const email = uniqueEmail('reload');
  await signUp(page, email);
  await expect(page.getByTestId('session-status')).toHaveText('signed-in');

  await page.reload();
  await expect(page.getByTestId('user-email')).toHaveText(email);
});

test('a protected page sends a signed-out visitor to sign-in and back afterwards', async ({ page }) => {
  const email = uniqueEmail('protected');
  await signUp(page, email);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();

  await page.goto('/protected');
  await expect(page).toHaveURL(/\/handler\/sign-in\?after_auth_return_to=%2Fprotected/);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('protected')).toHaveText(`Protected content for ${email}`);
  await expect(page).toHaveURL(/\/protected$/);
});

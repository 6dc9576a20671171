import { expect, test } from '@playwright/test';
import { signIn, signUp, uniqueEmail } from './support/app.ts';

test('a wrong password shows the catalogue message and keeps the typed e-mail', async ({ page }) => {
  const email = uniqueEmail('wrong-password');
  await signUp(page, email);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();

  await signIn(page, email, 'not the right password');
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' })).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await expect(page.getByTestId('session-status')).toHaveText('signed-out');
});

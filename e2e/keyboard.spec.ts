import { expect, test, type Locator, type Page } from '@playwright/test';
import { PASSWORD, signUp, uniqueEmail } from './support/app.ts';

// Full keyboard use: after the set-up, no mouse. Tab moves, Enter and Space act.

/** Presses `key` (Tab by default) until `target` has the focus, as a keyboard user gets there. */
async function moveFocusTo(page: Page, target: Locator, key = 'Tab'): Promise<void> {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target.toString()}`);
}

test('keyboard only: sign in, open the account menu, reach account settings and save the profile', async ({ page }) => {
  const email = uniqueEmail('keyboard');
  await signUp(page, email);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('header-signed-out')).toBeVisible();
  await expect(page.getByTestId('header-signed-in')).toBeHidden();

  await page.goto('/handler/sign-in');
  await moveFocusTo(page, page.getByLabel('E-mail', { exact: true }));
  await page.keyboard.type(email);
  await moveFocusTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('user-email')).toHaveText(email);
  await expect(page.getByTestId('header-signed-in')).toBeVisible();
  await expect(page.getByTestId('header-signed-out')).toBeHidden();

  // The account menu: Enter opens it on its first item, arrows move, Escape closes it and returns to its button.
  const accountButton = page.getByTestId('header-signed-in').getByRole('button', { name: 'Account menu' });
  const settingsItem = page.getByRole('menuitem', { name: 'Account settings' });
  const signOutItem = page.getByRole('menuitem', { name: 'Sign out' });
  await moveFocusTo(page, accountButton);
  await expect(accountButton).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(accountButton).toHaveAttribute('aria-expanded', 'true');
  await expect(settingsItem).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(signOutItem).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(settingsItem).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(settingsItem).toBeHidden();
  await expect(accountButton).toBeFocused();

  await page.keyboard.press('Space');
  await expect(settingsItem).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();

  // One account form, by keyboard: the display name, saved with Enter.
  await moveFocusTo(page, page.getByLabel('Display name'));
  await page.keyboard.type('Kay Board');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(page.getByTestId('header-signed-in').getByRole('button', { name: 'Account menu' })).toContainText('Kay Board');
});

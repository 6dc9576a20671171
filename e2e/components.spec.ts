import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signUpOverHttp } from '../testing/emulator/http-sign-up.ts';
import { EMULATOR_URL, PASSWORD, uniqueEmail } from './support/app.ts';

// The official components on an app page outside the handler (demo/components-page.tsx): <SignIn />,
// <AccountSettings />, <SelectedTeamSwitcher /> and <UserAvatar /> under a <StackTheme>.

/** No serious or critical accessibility violations on the page's components. */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('sign in through <SignIn />, change a setting in <AccountSettings />, switch teams with <SelectedTeamSwitcher />; themed, accessible, keyboard-usable', async ({ page }) => {
  const email = uniqueEmail('components');
  await signUpOverHttp(EMULATOR_URL, email, PASSWORD);
  await page.goto('/components?after_auth_return_to=%2Fcomponents');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // Signed out: the sign-in card alone, in StackTheme's colours (the official `primary` is our accent).
  await expect(main.locator('.aw-page')).toHaveCount(1);
  // The demo's card has both methods, the magic link first (the official default): the password is the second tab.
  await main.getByRole('tab', { name: 'Email & Password' }).click();
  const signInButton = main.getByRole('button', { name: 'Sign in', exact: true });
  await expect(signInButton).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await expect(signInButton).toHaveCSS('border-top-left-radius', '2px');
  expect(await page.evaluate(() => [...document.head.querySelectorAll('style[data-href^="authworker"]')].map((style) => (style as HTMLStyleElement).nonce))).toEqual([
    'demo-nonce',
    'demo-nonce',
  ]);
  await expectAccessible(page);

  // By keyboard: the e-mail field, the password, Enter.
  await main.getByLabel('E-mail', { exact: true }).focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(main.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');

  // Back on this page (after_auth_return_to): the sign-in card says so, the account components appear.
  await expect(page).toHaveURL(/\/components$/);
  await expect(main.getByRole('heading', { name: 'You are already signed in' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  const avatar = page.getByTestId('component-header').getByRole('img', { name: `Avatar of ${email}` });
  await expect(avatar).toHaveText(email.slice(0, 2).toUpperCase());

  // A setting: the display name, which the avatar (given the user) follows.
  await main.getByLabel('Display name').fill('Zoe Component');
  await main.getByRole('button', { name: 'Save profile' }).click();
  await expect(main.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(page.getByTestId('component-header').getByRole('img', { name: 'Avatar of Zoe Component' })).toHaveText('ZC');

  // Two teams made in the account settings reach the switcher.
  const switcher = page.getByTestId('component-header').getByRole('combobox', { name: 'Team' });
  const suffix = Date.now().toString(36);
  const teams = main.getByRole('list', { name: 'Your teams' });
  for (const name of [`Alpha ${suffix}`, `Beta ${suffix}`]) {
    await main.getByLabel('New team name').fill(name);
    await main.getByRole('button', { name: 'Create team' }).click();
    // Created once the form has emptied itself; the switcher follows.
    await expect(main.getByLabel('New team name')).toHaveValue('');
    await expect(teams.getByRole('listitem').filter({ hasText: name })).toHaveCount(1);
  }
  // The listbox offers both, in a popover; Escape closes it and gives the focus back.
  await switcher.click();
  for (const name of [`Alpha ${suffix}`, `Beta ${suffix}`]) await expect(page.getByRole('option', { name })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(switcher).toBeFocused();
  await expect(switcher).toContainText('No team');

  // Switching teams: the selected team changes for the user, as the account settings show.
  await switcher.click();
  await page.getByRole('option', { name: `Beta ${suffix}` }).click();
  await expect(teams.getByRole('listitem').filter({ hasText: `Beta ${suffix}` })).toContainText('selected');
  await expect(switcher).toHaveText(`Beta ${suffix}`);
  // And by keyboard: the selected team is on top ("Current team"), the next option is among "Other teams".
  await switcher.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: `Beta ${suffix}` })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: `Alpha ${suffix}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(teams.getByRole('listitem').filter({ hasText: `Alpha ${suffix}` })).toContainText('selected');
  await expect(switcher).toHaveText(`Alpha ${suffix}`);
  await expect(switcher).toBeFocused();
  // The switcher's "Team settings" link lands on the team in the account settings.
  await expect(page.getByTestId('component-header').getByRole('link', { name: 'Team settings' })).toHaveAttribute('href', /^\/handler\/account-settings#team-[\w-]+$/);
  await expectAccessible(page);

  // With `automaticRedirect`, <SignIn /> sends a signed-in visitor on to the after-sign-in URL.
  await page.goto('/components?automaticRedirect&after_auth_return_to=%2Fprotected');
  await expect(page.getByTestId('protected')).toHaveText(`Protected content for ${email}`);
});

test('offline, the components say so and refuse writes with the reason', async ({ page, context }) => {
  const email = uniqueEmail('components-offline');
  await signUpOverHttp(EMULATOR_URL, email, PASSWORD);
  await page.goto('/components?after_auth_return_to=%2Fcomponents');
  const main = page.getByRole('main');
  await main.getByRole('tab', { name: 'Email & Password' }).click();
  await main.getByLabel('E-mail', { exact: true }).fill(email);
  await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(main.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  const switcher = page.getByTestId('component-header').getByRole('combobox', { name: 'Team' });
  await expect(switcher).toBeEnabled();

  await context.setOffline(true);
  await expect(main.getByRole('status').filter({ hasText: 'You are offline. This needs a connection.' })).toHaveCount(2);
  await expect(switcher).toBeDisabled();
  await expect(switcher).toHaveAccessibleDescription('Offline: switching teams needs a connection.');
  await main.getByLabel('Display name').fill('Never saved');
  await main.getByRole('button', { name: 'Save profile' }).click();
  await expect(main.getByRole('alert').filter({ hasText: 'offline' })).toBeVisible();
  await expectAccessible(page);

  await context.setOffline(false);
  await expect(switcher).toBeEnabled();
  await expect(main.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0);
});

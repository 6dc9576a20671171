import { expect, test } from '@playwright/test';
import { lastMailTo, linkIn, uniqueEmail } from './support/app.ts';

test('magic link: a new user signs in by opening the link from the e-mail', async ({ page }) => {
  const email = uniqueEmail('magic-link');
  await page.goto('/handler/sign-in');
  await page.getByLabel('E-mail for a sign-in link').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We sent a link and a code to ${email}` })).toBeVisible();

  await page.goto(linkIn(await lastMailTo(email)));
  await expect(page.getByTestId('user-email')).toHaveText(email);
});

test('magic link: the 6-character code typed in another tab signs in every tab', async ({ context }) => {
  const email = uniqueEmail('magic-code');
  const tabA = await context.newPage();
  await tabA.goto('/handler/sign-in');
  await tabA.getByLabel('E-mail for a sign-in link').fill(email);
  await tabA.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(tabA.getByLabel('Code')).toBeVisible();
  const otp = /Your code is ([0-9A-Z]{6})/.exec((await lastMailTo(email)).subject)?.[1] ?? '';
  expect(otp).toHaveLength(6);

  // The worker kept the nonce, so the code works in a tab that never sent the e-mail.
  const tabB = await context.newPage();
  await tabB.goto('/');
  await expect(tabB.getByTestId('signed-out')).toBeVisible();
  await tabA.getByLabel('Code').fill(otp.toLowerCase());
  await tabA.getByRole('button', { name: 'Sign in with code' }).click();
  await expect(tabA.getByTestId('user-email')).toHaveText(email);
  await expect(tabB.getByTestId('user-email')).toHaveText(email);
});

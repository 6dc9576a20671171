import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/app.ts';
import { clickSignOut, noteWhenSignedOut, signedOutAt } from './support/engine-tab.ts';

test('a tab opened later is signed in, and signing out in tab B signs out tab A without a reload', async ({ context }) => {
  const tabA = await context.newPage();
  const email = uniqueEmail('multi-tab');
  await signUp(tabA, email);

  const tabB = await context.newPage();
  await tabB.goto('/');
  await expect(tabB.getByTestId('user-email')).toHaveText(email);

  // Tab A notes the moment its DOM shows signed-out; tab B notes the click. Same clock (timeOrigin).
  await tabA.evaluate(noteWhenSignedOut);
  const clickedAt = await tabB.evaluate(clickSignOut);

  await expect(tabA.getByTestId('signed-out')).toBeVisible();
  await expect(tabB.getByTestId('signed-out')).toBeVisible();
  const delay = (await tabA.evaluate(signedOutAt)) - clickedAt;
  console.log(`cross-tab sign-out: tab A showed signed-out ${delay.toFixed(1)} ms after the click in tab B`);
  expect(delay).toBeGreaterThan(0);
});

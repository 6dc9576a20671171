import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/app.ts';

test('a tab opened later is signed in, and signing out in tab B signs out tab A without a reload', async ({ context }) => {
  const tabA = await context.newPage();
  const email = uniqueEmail('multi-tab');
  await signUp(tabA, email);

  const tabB = await context.newPage();
  await tabB.goto('/');
  await expect(tabB.getByTestId('user-email')).toHaveText(email);

  // Tab A notes the moment its DOM shows signed-out; tab B notes the click. Same clock (timeOrigin).
  await tabA.evaluate(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="signed-out"]')) {
        (window as unknown as { signedOutAt: number }).signedOutAt = performance.timeOrigin + performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  const clickedAt = await tabB.evaluate(() => {
    const at = performance.timeOrigin + performance.now();
    Array.from(document.querySelectorAll('button'))
      .find((button) => button.textContent === 'Sign out')
      ?.click();
    return at;
  });

  await expect(tabA.getByTestId('signed-out')).toBeVisible();
  await expect(tabB.getByTestId('signed-out')).toBeVisible();
  const signedOutAt = await tabA.evaluate(() => (window as unknown as { signedOutAt: number }).signedOutAt);
  const delay = signedOutAt - clickedAt;
  console.log(`cross-tab sign-out: tab A showed signed-out ${delay.toFixed(1)} ms after the click in tab B`);
  expect(delay).toBeGreaterThan(0);
});

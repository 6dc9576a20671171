import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/app.ts';

// Runs in the 'no-service-worker' project only (playwright.config.ts).
test('without a service worker the session runs in the page, with a console warning', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const email = uniqueEmail('page-hosted');
  await signUp(page, email);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  expect(warnings.some((text) => text.includes('the session runs in the page'))).toBe(true);
});

import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 375, height: 740 } });

test('the demo on a 375 px phone: the header wraps, nothing scrolls sideways', async ({ page }) => {
  for (const path of ['/', '/components', '/handler/sign-in']) {
    await page.goto(path);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
  }
});

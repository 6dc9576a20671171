import { expect, test } from '@playwright/test';

// Handler pages take the app's colours from a plain `.aw-page` rule, wherever the app's stylesheet sits.

test('an app\'s plain .aw-page rule themes the pages (accent, borders, offline banner); `:root .aw-page` still works', async ({ page, context }) => {
  await page.goto('/handler/sign-in');
  const button = page.getByRole('button', { name: 'Sign in', exact: true });
  const frame = page.locator('main .aw-page').first();
  await expect(button).toHaveCSS('background-color', 'rgb(79, 70, 229)');

  // In <head>, so before the pages' own <style>: it still wins.
  await page.addStyleTag({ content: '.aw-page { --aw-accent: rgb(1, 2, 3); --aw-border: rgb(4, 5, 6); --aw-banner-bg: rgb(7, 8, 9); }' });
  await expect(button).toHaveCSS('background-color', 'rgb(1, 2, 3)');
  await expect(frame).toHaveCSS('border-top-color', 'rgb(4, 5, 6)');

  await context.setOffline(true);
  await expect(page.locator('.aw-banner')).toHaveCSS('background-color', 'rgb(7, 8, 9)');
  await context.setOffline(false);

  await page.addStyleTag({ content: ':root .aw-page { --aw-accent: rgb(10, 11, 12); }' });
  await expect(button).toHaveCSS('background-color', 'rgb(10, 11, 12)');
});

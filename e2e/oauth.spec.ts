import { expect, test } from '@playwright/test';
import { EMULATOR_URL, uniqueEmail } from './support/app.ts';

test('OAuth: a new user signs in with GitHub through the emulator consent page', async ({ page }) => {
  const email = uniqueEmail('oauth-github');
  await page.goto('/handler/sign-in');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await expect(page).toHaveTitle('Sign in with github');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page.getByTestId('user-email')).toHaveText(email);
  expect(new URL(page.url()).pathname).toBe('/');
  // The verifier cookie is gone once used.
  expect((await page.context().cookies()).filter((c) => c.name.startsWith('stack-oauth-outer-'))).toEqual([]);
});

test('OAuth: a callback whose state was tampered with is ignored', async ({ page }) => {
  // The consent answer, followed by hand (redirects are not routed), comes back to the app with a state
  // this browser never started.
  await page.route(`${EMULATOR_URL}/emulator/oauth/github/authorize*`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const consented = await route.fetch({ maxRedirects: 0 });
    const callback = await page.context().request.get(consented.headers()['location'] ?? '', { maxRedirects: 0 });
    const landing = new URL(callback.headers()['location'] ?? '');
    landing.searchParams.set('state', 'tampered-state');
    await route.fulfill({ status: 303, headers: { location: landing.toString() } });
  });
  await page.goto('/handler/sign-in');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('oauth-tampered'));
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'This sign-in could not be completed.' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('state')).toBe('tampered-state');
  await expect(page.getByTestId('session-status')).toHaveText('signed-out');
});

// An absolute after-sign-in URL (issue 29.4): followed right after a successful sign-in when its domain is trusted,
// by the app's own `trustedDomains` (the demo trusts http://*.localhost:*) or by the project's list, which a newer
// backend sends to clients (simulated here on the worker's read of the project); refused
// otherwise, with the user signed in and nothing sent to the untrusted origin.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { EMULATOR_URL, PASSWORD, signIn, signUp, uniqueEmail } from './support/app.ts';
import { DEMO_PORT } from './support/ports.ts';

/** A page at `origin` that the test serves itself: the browser lands there and shows `landed`. */
async function landingAt(context: BrowserContext, origin: string): Promise<string[]> {
  const seen: string[] = [];
  await context.route(`${origin}/**`, (route) => {
    seen.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><p id="landed">landed</p>' });
  });
  return seen;
}

/** A user with a password, signed out again, on the demo with `afterSignIn` as its after-sign-in URL. */
async function signedOutUserWith(page: Page, afterSignIn: string): Promise<string> {
  const email = uniqueEmail('absolute-after-sign-in');
  await signUp(page, email);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();
  await page.goto(`/?afterSignIn=${encodeURIComponent(afterSignIn)}`);
  await expect(page.getByTestId('signed-out')).toBeVisible();
  return email;
}

test("on a domain the app trusts (trustedDomains), the browser goes there right after signing in", async ({ page, context }) => {
  const target = `http://app.localhost:${DEMO_PORT}/welcome?from=sign-in`;
  const landed = await landingAt(context, `http://app.localhost:${DEMO_PORT}`);
  const email = await signedOutUserWith(page, target);
  await signIn(page, email, PASSWORD);
  await expect(page.locator('#landed')).toBeVisible();
  expect(page.url()).toBe(target);
  expect(landed).toEqual([target]);
});

test("on a domain the project trusts (a wildcard entry a newer backend sends to clients), the browser goes there too", async ({ page, context }) => {
  const target = 'https://welcome.landing.test/hello';
  const landed = await landingAt(context, 'https://welcome.landing.test');
  // The newer dialect's client view of the project: its trusted domains and allow-localhost setting.
  await context.route(`${EMULATOR_URL}/api/v1/projects/current`, async (route) => {
    const response = await route.fetch();
    const project = (await response.json()) as { config: Record<string, unknown> };
    project.config.domains = [{ domain: 'https://*.landing.test', handler_path: '/handler' }];
    project.config.allow_localhost = true;
    await route.fulfill({ response, json: project });
  });
  const email = await signedOutUserWith(page, target);
  await signIn(page, email, PASSWORD);
  await expect(page.locator('#landed')).toBeVisible();
  expect(landed).toEqual([target]);
});

test('on a domain nobody trusts, the sign-in page says so, the user is signed in, and the browser stays', async ({ page, context }) => {
  const landed = await landingAt(context, 'https://evil.test');
  const email = await signedOutUserWith(page, 'https://evil.test/steal');
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toBeVisible();
  await expect(page.getByTestId('session-status')).toHaveText('signed-in');
  expect(new URL(page.url()).pathname).toBe('/handler/sign-in');
  expect(landed).toEqual([]);
});

import { expect, test, type Request } from '@playwright/test';
import { DEMO_PROJECT } from '../emulator/domain/seed.ts';
import { createUserAtApi, PASSWORD, signUp, stopServiceWorkers, uniqueEmail, waitForWorkerControl } from './support/app.ts';
import { OFFLINE_TEXT, OFFLINE_WAITING_TEXT } from './support/people-text.ts';

/** Each handler page, by its path under /handler/, and its title. */
const HANDLER_PAGES: [path: string, title: string][] = [
  ['sign-in', 'Sign in'],
  ['sign-up', 'Create an account'],
  ['forgot-password', 'Reset your password'],
  ['account-settings', 'Account settings'],
  ['password-reset', 'Choose a new password'],
  ['email-verification', 'Verify your e-mail'],
  ['team-invitation', 'Team invitation'],
  // Offline, the callback pages cannot complete: their title says so.
  ['magic-link-callback', 'You are not signed in'],
  ['oauth-callback', 'You are not signed in'],
  ['error', 'Sign-in could not continue'],
];

// What people must never read: the SDK's developer texts name the vendor and the browser's internals.
const DEVELOPER_WORDS = /navigator|onLine is|Stack Auth|Stack network request/;

test('a first visit to the home page only is enough: offline, every handler page renders and says so; back online, sign-in works without a reload', async ({ page, context, baseURL }) => {
  test.slow();
  // Signed in before the visit, as with the official SDK 2.7 (its refresh cookie): the home page is all that loads online.
  const email = uniqueEmail('pwa-first-visit');
  const { refreshToken } = await createUserAtApi(email);
  await context.addCookies([{ name: `stack-refresh-${DEMO_PROJECT.id}`, value: refreshToken, url: baseURL ?? '' }]);
  const handlerPagesOnline: string[] = [];
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname.startsWith('/handler/')) handlerPagesOnline.push(request.url());
  };
  page.on('request', onRequest);
  // The app asks for the takeover of the official session (migrateOfficialSession: off by default).
  await page.goto('/?migrateOfficialSession=on');
  await expect(page.getByTestId('user-email')).toHaveText(email);
  await waitForWorkerControl(page);
  page.off('request', onRequest);
  expect(handlerPagesOnline).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('user-email')).toHaveText(email);
  await expect(page.getByTestId('session-status')).toContainText('offline');

  // Each page from the precache, with the project's configuration the worker stored on its first run.
  const offlineNotice = page.getByRole('status').filter({ hasText: 'You are offline. This needs a connection.' });
  for (const [path, title] of HANDLER_PAGES) {
    await page.goto(`/handler/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
    await expect(offlineNotice, path).toBeVisible();
    await expect(page.getByText('Something went wrong'), path).toHaveCount(0);
    await expect(page.locator('body'), path).not.toContainText(DEVELOPER_WORDS);
  }

  // A write on account settings is refused at once, with the reason.
  await page.goto('/handler/account-settings');
  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByLabel('Display name').fill('Never saved');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByRole('alert')).toContainText('offline');
  await expect(page.locator('body')).not.toContainText(DEVELOPER_WORDS);

  // Signing out works offline (the revoke waits for the network); the sign-in form then says it needs a connection.
  await page.goto('/handler/sign-out');
  await expect(page.getByTestId('session-status')).toContainText('signed-out');
  await page.goto('/handler/sign-in');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: OFFLINE_TEXT }).first()).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await expect(page.locator('body')).not.toContainText(DEVELOPER_WORDS);

  // Back online, the same page (no reload) drops its notice and signs in.
  await context.setOffline(false);
  await expect(offlineNotice).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('user-email')).toHaveText(email);
  await expect(page.getByTestId('session-status')).not.toContainText('offline');
});

test('offline after a worker restart: the signed-in user comes from storage, and sign-in says it is offline', async ({ page, context }) => {
  const email = uniqueEmail('pwa-restart');
  await signUp(page, email);
  await waitForWorkerControl(page);
  // Online, signed in, only the home page (sign-up fetched the project's configuration).
  await page.goto('/');
  await expect(page.getByTestId('user-email')).toHaveText(email);

  // The browser stops the idle worker: all it kept in memory is gone.
  await stopServiceWorkers(context, page);
  // A fresh worker, started by a request that is not the API's, then the network goes. (In Playwright,
  // a navigation that must start a stopped worker while offline never begins, and a CDP session left
  // with the ServiceWorker domain on turns the worker's navigator.onLine back to true.)
  await page.evaluate(() => fetch('/icon.svg').then((response) => response.ok));
  await context.setOffline(true);

  await page.goto('/');
  await expect(page.getByTestId('user-email')).toHaveText(email);
  await expect(page.getByTestId('session-status')).toContainText('offline');

  await page.goto('/handler/sign-in');
  await expect(page.getByRole('status').filter({ hasText: 'You are offline. This needs a connection.' })).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();
  await context.setOffline(false);
});

test("account settings opened offline say their lists wait for the network, and load them when it is back, with no reload", async ({ page, context }) => {
  const email = uniqueEmail('pwa-account-lists');
  await signUp(page, email);
  await waitForWorkerControl(page);
  await context.setOffline(true);
  await page.goto('/handler/account-settings');
  const emails = page.getByRole('region', { name: 'E-mail addresses' });
  const teams = page.getByRole('region', { name: 'Teams' });
  await expect(emails.getByRole('status')).toHaveText(OFFLINE_WAITING_TEXT);
  await expect(teams.getByRole('status')).toHaveText(OFFLINE_WAITING_TEXT);
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);

  await context.setOffline(false);
  await expect(emails.getByRole('listitem').filter({ hasText: email })).toBeVisible();
  await expect(teams.getByRole('status')).toHaveCount(0);
  await expect(teams.getByText(/You are not in any team|Your teams/).or(teams.getByRole('list', { name: 'Your teams' })).first()).toBeVisible();
});

test('signed out, every handler page opened offline shows the offline banner, forgot-password (which sends nothing as it opens) included', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByTestId('session-status')).toHaveText('signed-out');
  await waitForWorkerControl(page);
  await context.setOffline(true);
  const offlineNotice = page.getByRole('status').filter({ hasText: 'You are offline. This needs a connection.' });
  for (const [path, title] of HANDLER_PAGES.filter(([path]) => path !== 'account-settings')) {
    await page.goto(`/handler/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
    await expect(offlineNotice, path).toBeVisible();
  }
});

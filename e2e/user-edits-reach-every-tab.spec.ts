// An edit of the signed-in user in one tab shows in every tab without a reload (issue 31): the session host that
// performed the write tells them all, fetching the user once for all of them. Runs with the worker and, in the
// 'no-service-worker' project, page-hosted (each tab's own host, told by a hint). Cross-tab delays are timed with
// MutationObserver on one clock (performance.timeOrigin + performance.now()).
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PROJECT } from '../emulator/domain/seed.ts';
import { StackServerApp } from '../runtime/server/index.ts';
import { EMULATOR_URL, lastMailTo, linkIn, signUp, uniqueEmail } from './support/app.ts';
import { ACCOUNT_BUTTON, clickButtonAt, noteWhenShown, shownAt } from './support/engine-tab.ts';

const pageHosted = () => test.info().project.name === 'no-service-worker';

/** The API requests the browser sends from now on (the worker's too), as `METHOD /path`, CORS preflights left out. */
async function recordApiRequests(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.route(`${EMULATOR_URL}/api/v1/**`, async (route) => {
    const request = route.request();
    if (request.method() !== 'OPTIONS') seen.push(`${request.method()} ${new URL(request.url()).pathname.replace('/api/v1', '')}`);
    // Other routes of the test (a fault) still apply.
    await route.fallback();
  });
  return seen;
}

const HEADER_BUTTON = ACCOUNT_BUTTON;

/**
 * The tab is hidden, or shown again, as switching tabs does: headless Chromium keeps every page visible (neither
 * bringToFront nor a minimized window changes it), so the page's visibility is set and its event fired.
 */
const setVisibility = (page: Page, state: 'hidden' | 'visible') =>
  page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
const hide = (page: Page) => setVisibility(page, 'hidden');
const show = (page: Page) => setVisibility(page, 'visible');

/** Tab A signed up and on `pathA`, tab B on `pathB` showing the user. */
async function twoTabs(context: BrowserContext, label: string, pathA: string, pathB: string) {
  const tabA = await context.newPage();
  const email = uniqueEmail(label);
  await signUp(tabA, email);
  const tabB = await context.newPage();
  await tabB.goto(pathB);
  await expect(tabB.getByTestId('header-signed-in').getByRole('button', { name: email })).toBeVisible();
  await tabA.goto(pathA);
  await expect(tabA.getByTestId('header-signed-in').getByRole('button', { name: email })).toBeVisible();
  // The start-up requests of both pages are over before a test counts requests.
  await Promise.all([tabA.waitForLoadState('networkidle'), tabB.waitForLoadState('networkidle')]);
  return { tabA, tabB, email };
}

test('a display name saved in tab A shows in tab B at once, without another request', async ({ context }) => {
  const { tabA, tabB } = await twoTabs(context, 'edit-name', '/handler/account-settings', '/');
  const name = `Ada ${Date.now().toString(36)}`;
  await tabA.getByLabel('Display name').fill(name);
  await tabB.evaluate(noteWhenShown, { selector: HEADER_BUTTON, text: name });
  const requests = await recordApiRequests(context);
  const clickedAt = await tabA.evaluate(clickButtonAt, 'Save profile');
  await tabB.waitForFunction(shownAt);
  const delay = (await tabB.evaluate(shownAt)) - clickedAt;
  await expect(tabA.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(tabA.locator(HEADER_BUTTON)).toHaveText(name);
  console.log(`user edit: tab B showed the new display name ${delay.toFixed(1)} ms after the click in tab A (${test.info().project.name}); requests: ${requests.join(', ')}`);
  // Seconds would mean a reload or a poll; a cross-tab message takes milliseconds.
  expect(delay).toBeGreaterThan(0);
  expect(delay).toBeLessThan(2_000);
  expect(requests.filter((r) => r === 'PATCH /users/me')).toHaveLength(1);
  // The edit's answer is the user: with the worker, no tab asks for it again. Page-hosted, tab B's own host asks once.
  expect(requests.filter((r) => r === 'GET /users/me')).toHaveLength(pageHosted() ? 1 : 0);
});

test('client metadata saved in tab A shows in tab B', async ({ context }) => {
  const { tabA, tabB } = await twoTabs(context, 'edit-metadata', '/inspector', '/inspector');
  await tabA.getByLabel('Client metadata (JSON)').fill('{"plan":"pro"}');
  await tabA.getByRole('button', { name: 'Save metadata' }).click();
  await expect(tabA.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(tabB.getByTestId('inspector-user')).toContainText('"plan": "pro"');
});

test('an e-mail address added in tab A is listed in tab B, and making it primary renames tab B', async ({ context }) => {
  const { tabA, tabB } = await twoTabs(context, 'edit-channel', '/handler/account-settings', '/protected');
  await expect(tabB.getByTestId('contact-channels').getByRole('listitem')).toHaveCount(1);
  const second = uniqueEmail('edit-channel-second');
  const requests = await recordApiRequests(context);
  const emails = tabA.getByRole('region', { name: 'E-mail addresses' });
  await emails.getByLabel('New e-mail address').fill(second);
  await emails.getByRole('button', { name: 'Add e-mail' }).click();
  await expect(tabB.getByTestId('contact-channels')).toContainText(second);
  // A new address that is not primary leaves the user as it is: nothing asks for it.
  expect(requests.filter((r) => r === 'GET /users/me')).toEqual([]);

  // Verified (from the mail, in tab A), then primary: the user changes too; its primary e-mail names tab B's account button.
  const row = emails.getByRole('listitem').filter({ hasText: second });
  await row.getByRole('button', { name: 'Send verification' }).click();
  await expect(row.getByRole('status')).toHaveText('Verification e-mail sent.');
  await tabA.goto(linkIn(await lastMailTo(second)));
  await expect(tabA.getByRole('status').filter({ hasText: 'Your e-mail address is verified.' })).toBeVisible();
  await expect(tabB.getByTestId('contact-channels').getByRole('listitem').filter({ hasText: second })).toContainText('(verified)');
  await tabA.goto('/handler/account-settings');
  await expect(row).toContainText('verified');
  await tabA.waitForLoadState('networkidle');
  requests.length = 0;
  await row.getByRole('button', { name: 'Make primary' }).click();
  await expect(tabB.locator(HEADER_BUTTON)).toHaveText(second);
  await expect(tabA.locator(HEADER_BUTTON)).toHaveText(second);
  // A write whose answer is not the user: the host asks for the user once, for both tabs (page-hosted: each tab's host).
  expect(requests.filter((r) => r === 'GET /users/me')).toHaveLength(pageHosted() ? 2 : 1);
});

test('the team selected in tab A is the selected one in tab B', async ({ context }) => {
  const { tabA, tabB } = await twoTabs(context, 'edit-team', '/teams', '/teams');
  for (const team of ['Crew one', 'Crew two']) {
    await tabA.getByLabel('Team name').fill(team);
    await tabA.getByRole('button', { name: 'Create' }).click();
    await expect(tabA.getByTestId('demo-team').filter({ hasText: team })).toBeVisible();
  }
  // Tab B lists the new teams (the teams read was named), then follows the selection.
  const rowInB = tabB.getByTestId('demo-team').filter({ hasText: 'Crew one' });
  await expect(rowInB).toBeVisible();
  await expect(tabB.getByTestId('demo-team')).toHaveCount(2);
  await tabA.getByTestId('demo-team').filter({ hasText: 'Crew one' }).getByRole('button', { name: 'Select' }).click();
  await expect(rowInB).toContainText('(selected)');
  await tabA.getByTestId('demo-team').filter({ hasText: 'Crew two' }).getByRole('button', { name: 'Select' }).click();
  await expect(tabB.getByTestId('demo-team').filter({ hasText: 'Crew two' })).toContainText('(selected)');
  await expect(rowInB).not.toContainText('(selected)');
});

test('a write that fails changes nothing anywhere', async ({ context }) => {
  const { tabA, tabB, email } = await twoTabs(context, 'edit-fails', '/handler/account-settings', '/');
  await context.route(`${EMULATOR_URL}/api/v1/users/me`, (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 500, body: 'down for maintenance' }) : route.continue(),
  );
  const requests = await recordApiRequests(context);
  await tabA.getByLabel('Display name').fill('Never saved');
  await tabA.getByRole('button', { name: 'Save profile' }).click();
  await expect(tabA.getByRole('alert').filter({ hasText: /\S/ })).toBeVisible();
  await expect(tabA.getByRole('status').filter({ hasText: 'Saved.' })).toHaveCount(0);
  await expect(tabB.locator(HEADER_BUTTON)).toHaveText(email);
  await expect(tabA.locator(HEADER_BUTTON)).toHaveText(email);
  // Nothing was announced: no tab asked for the user again.
  expect(requests.filter((r) => r === 'GET /users/me')).toEqual([]);
});

test('a change made elsewhere shows when a tab is shown again, with one request for all tabs', async ({ context }) => {
  test.skip(pageHosted(), 'page-hosted tabs each keep their own session and ask for themselves');
  const { tabA, tabB, email } = await twoTabs(context, 'edit-elsewhere', '/', '/');
  const server = new StackServerApp({ projectId: DEMO_PROJECT.id, secretServerKey: DEMO_PROJECT.secretServerKey, baseUrl: EMULATOR_URL });
  const user = (await server.listUsers({ query: email })).find((u) => u.primaryEmail === email);
  if (!user) throw new Error('the user is not on the server');
  await Promise.all([hide(tabA), hide(tabB)]);
  await user.update({ displayName: 'Renamed by the server' });
  // The host asks again only when its last answer is older than its window (USER_RECHECK_MS, 5 s): wait it out.
  await new Promise((resolve) => setTimeout(resolve, 5_100));
  const requests = await recordApiRequests(context);
  await Promise.all([show(tabA), show(tabB)]);
  await expect(tabA.locator(HEADER_BUTTON)).toHaveText('Renamed by the server');
  await expect(tabB.locator(HEADER_BUTTON)).toHaveText('Renamed by the server');
  expect(requests.filter((r) => r === 'GET /users/me')).toEqual(['GET /users/me']);
  // Shown again within the window: nothing is asked.
  await Promise.all([hide(tabA), hide(tabB)]);
  await Promise.all([show(tabA), show(tabB)]);
  await tabA.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
  expect(requests.filter((r) => r === 'GET /users/me')).toHaveLength(1);
});

test('a tab frozen during the edit shows it once it resumes, without asking for the user itself', async ({ context }) => {
  const { tabA, tabB } = await twoTabs(context, 'edit-frozen', '/handler/account-settings', '/');
  const requests = await recordApiRequests(context);
  const cdp = await context.newCDPSession(tabB);
  await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
  await tabA.getByLabel('Display name').fill('Edited while B slept');
  await tabA.getByRole('button', { name: 'Save profile' }).click();
  await expect(tabA.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await cdp.send('Page.setWebLifecycleState', { state: 'active' });
  await expect(tabB.locator(HEADER_BUTTON)).toHaveText('Edited while B slept');
  expect(requests.filter((r) => r === 'GET /users/me')).toHaveLength(pageHosted() ? 1 : 0);
});

test('in cookie mode too (the page-hosted session in the SDK cookies)', async ({ context }) => {
  test.skip(pageHosted(), 'the cookie store runs page-hosted in either project');
  await context.addInitScript(() => localStorage.setItem('authworker-demo-token-store', 'cookie'));
  const { tabA, tabB } = await twoTabs(context, 'edit-cookie', '/handler/account-settings', '/');
  await tabA.getByLabel('Display name').fill('Cookie Ada');
  await tabA.getByRole('button', { name: 'Save profile' }).click();
  await expect(tabB.locator(HEADER_BUTTON)).toHaveText('Cookie Ada');
});

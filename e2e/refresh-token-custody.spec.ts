import { expect, test } from '@playwright/test';
import { EMULATOR_URL, pageFetchJson, PASSWORD, uniqueEmail, waitForWorkerControl } from './support/app.ts';
import { readPageStorage } from './support/page-secrets.ts';

test('the refresh token is nowhere the page can read it', async ({ page, context }) => {
  let refreshToken = '';
  await context.route(`${EMULATOR_URL}/api/v1/auth/password/sign-up`, async (route) => {
    const response = await route.fetch();
    refreshToken = ((await response.json()) as { refresh_token: string }).refresh_token;
    await route.fulfill({ response });
  });
  const pageBodies: string[] = [];
  page.on('response', (response) => {
    void response.text().then((text) => pageBodies.push(text), () => undefined);
  });

  const email = uniqueEmail('custody');
  await page.goto('/handler/sign-up');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByTestId('user-email')).toHaveText(email);
  expect(refreshToken).toMatch(/^[0-9a-z]{45}$/);

  await waitForWorkerControl(page);
  await pageFetchJson(page, '/users/me');
  await pageFetchJson(page, '/projects/current');

  const visible = await page.evaluate(readPageStorage);
  expect(visible.cookie).not.toContain(refreshToken);
  expect(visible.local).not.toContain(refreshToken);
  expect(visible.session).not.toContain(refreshToken);
  expect(visible.idb).not.toContain(refreshToken);
  expect(pageBodies.length).toBeGreaterThan(0);
  for (const body of pageBodies) expect(body).not.toContain(refreshToken);
});

test('after sign-out no session record is left in storage (auth0-spa-js kept refresh tokens after logout)', async ({ page }) => {
  await page.goto('/handler/sign-up');
  await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('logout-wipe'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByTestId('signed-in')).toBeVisible();
  const keysOf = () =>
    page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('authworker');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const keys = await new Promise<IDBValidKey[]>((resolve) => {
        const request = db.transaction('vault').objectStore('vault').getAllKeys();
        request.onsuccess = () => resolve(request.result);
      });
      db.close();
      return keys.map(String);
    });
  expect((await keysOf()).some((key) => key.startsWith('session:'))).toBe(true);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();
  await expect.poll(async () => (await keysOf()).filter((key) => key.startsWith('session:') || key.startsWith('revokes:'))).toEqual([]);
});

import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { EMULATOR_URL, pageFetchJson, PASSWORD, uniqueEmail, waitForWorkerControl } from './support/app.ts';
import { readPageStorage } from './support/page-secrets.ts';

// What the worker's custody of the refresh token proves, and what it does not (docs/threat-model.md): the page never
// receives it, and no storage holds it in the clear; but page script of the origin can open the worker's IndexedDB
// store and use the non-extractable key kept beside the sealed record, unless the worker keeps it in memory only.

/** Signs up through the handler page and returns the refresh token the API issued (read off the wire). */
async function signUpCapturingRefreshToken(page: Page, context: BrowserContext, label: string, path = '/handler/sign-up'): Promise<string> {
  let refreshToken = '';
  await context.route(`${EMULATOR_URL}/api/v1/auth/password/sign-up`, async (route) => {
    const response = await route.fetch();
    refreshToken = ((await response.json()) as { refresh_token: string }).refresh_token;
    await route.fulfill({ response });
  });
  const email = uniqueEmail(label);
  await page.goto(path);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByTestId('user-email')).toHaveText(email);
  expect(refreshToken).toMatch(/^[0-9a-z]{45}$/);
  return refreshToken;
}

/** What page script gets by opening the worker's store and asking the browser to decrypt each session record with the stored key. */
function decryptSessionRecordsFromThePage(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('authworker');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const read = <T>(request: () => IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        const pending = request();
        pending.onsuccess = () => resolve(pending.result);
        pending.onerror = () => reject(pending.error);
      });
    const store = () => db.transaction('vault').objectStore('vault');
    const names = db.objectStoreNames.contains('vault') ? (await read(() => store().getAllKeys())).map(String) : [];
    const key = names.includes('aes-gcm-key') ? await read(() => store().get('aes-gcm-key') as IDBRequest<CryptoKey>) : null;
    const plain: string[] = [];
    for (const name of names.filter((n) => n.startsWith('session:'))) {
      const record = (await read(() => store().get(name))) as { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer };
      // The record's name carries the binding the worker seals with (API origin | project id).
      const additionalData = new TextEncoder().encode(name.slice('session:'.length));
      if (!key) continue;
      plain.push(new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: record.iv, additionalData }, key, record.data)));
    }
    db.close();
    return plain;
  });
}

test('the refresh token never reaches the page in the clear: no response body, cookie, web storage or IndexedDB record holds it', async ({ page, context }) => {
  const pageBodies: string[] = [];
  page.on('response', (response) => {
    void response.text().then((text) => pageBodies.push(text), () => undefined);
  });
  const refreshToken = await signUpCapturingRefreshToken(page, context, 'custody');

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

test("what the seal does not stop: page script of the origin decrypts the stored refresh token with the key kept beside it (persistence 'indexeddb')", async ({ page, context }) => {
  const refreshToken = await signUpCapturingRefreshToken(page, context, 'custody-decrypt');
  await expect.poll(async () => (await decryptSessionRecordsFromThePage(page)).join('\n')).toContain(refreshToken);
});

test("persistence 'memory': IndexedDB holds no session record, so page script finds nothing to decrypt", async ({ page, context }) => {
  // The demo remembers `?persistence=memory` and registers its worker with it (demo/main.tsx, demo/sw.ts).
  await page.goto('/?persistence=memory');
  await signUpCapturingRefreshToken(page, context, 'custody-memory');
  await waitForWorkerControl(page);
  expect(new URL(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).searchParams.get('persistence')).toBe('memory');
  expect(await decryptSessionRecordsFromThePage(page)).toEqual([]);
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

test("page code asking for the access token (the SDK's getAccessToken) is refused by the real worker, which names what to use instead", async ({ page, context }) => {
  await signUpCapturingRefreshToken(page, context, 'custody-getter');
  await waitForWorkerControl(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Session inspector' }).click();
  await page.getByRole('button', { name: 'Ask for the access token' }).click();
  const answer = page.getByTestId('inspector-access-token');
  await expect(answer).toContainText('TokenNotExposedError: authworker: getAccessToken() needs the access token');
  await expect(answer).toContainText('exposeAccessToken: true');
  await expect(answer).not.toContainText(/eyJ/);
});

import { expect, test, type Page } from '@playwright/test';
import { advanceEmulatorClock, EMULATOR_URL, PASSWORD, pageFetchJson, signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';
import { OFFLINE_TEXT } from './support/people-text.ts';

const USERS_ME = `${EMULATOR_URL}/api/v1/users/me`;

async function signedInTab(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await signUp(page, email);
  await waitForWorkerControl(page);
  return email;
}

test('a burst of 500s shows an error without signing anyone out, and the next try works', async ({ page, context }) => {
  const email = await signedInTab(page, 'burst500');
  let failures = 3;
  await context.route(USERS_ME, async (route) => {
    if (failures-- > 0) return route.fulfill({ status: 500, body: 'Internal Server Error', headers: { 'access-control-allow-origin': '*' } });
    return route.continue();
  });
  await page.reload();
  await expect(page.getByTestId('user-error')).toContainText('500');
  await expect(page.getByTestId('session-status')).toHaveText('signed-in');
  failures = 0;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('user-email')).toHaveText(email);
});

test('a 429 with Retry-After pauses every tab, then all calls succeed', async ({ context }) => {
  const tabA = await context.newPage();
  const email = await signedInTab(tabA, 'rate');
  const tabB = await context.newPage();
  await tabB.goto('/');
  await waitForWorkerControl(tabB);
  await expect(tabB.getByTestId('user-email')).toHaveText(email);

  let limited = false;
  const hitsDuringPause: number[] = [];
  let pauseEndsAt = 0;
  // The emulator itself answers tab A's call with 429 Retry-After: 1.5 and its own CORS headers (it exposes Retry-After,
  // so the worker can read it): the route arms the emulator's rate limit for that one request, then passes it on.
  const armRateLimit = async (path: string) => {
    const armed = await fetch(`${EMULATOR_URL}/emulator/api/rate-limit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ retry_after: '1.5', count: 1, path_prefix: path }),
    });
    expect(armed.status).toBe(200);
  };
  // Every /users/me, whatever its query: the retry and any background read must wait out the pause.
  await context.route((url) => url.href.startsWith(USERS_ME), async (route) => {
    if (limited && Date.now() < pauseEndsAt - 100) hitsDuringPause.push(Date.now());
    const url = new URL(route.request().url());
    if (!limited && url.searchParams.get('reason') === 'rate-limit') await armRateLimit(url.pathname + url.search);
    const response = await route.fetch();
    // The worker asks for error statuses as 200 + x-stack-actual-status, as the SDKs do.
    const status = Number(response.headers()['x-stack-actual-status'] ?? response.status());
    if (status === 429 && !limited) {
      expect(response.headers()['access-control-expose-headers']).toContain('retry-after');
      limited = true;
      pauseEndsAt = Date.now() + 1500;
    }
    return route.fulfill({ response });
  });
  // A path no background read uses: the tabs' start-up revalidations of /users/me may still be in flight
  // (a stored user is shown before they answer), and the worker shares an identical GET in flight.
  const a = pageFetchJson(tabA, '/users/me?reason=rate-limit');
  await expect.poll(() => limited).toBe(true);
  const bStarted = Date.now();
  const b = pageFetchJson(tabB, '/projects/current');
  const [ra, rb] = await Promise.all([a, b]);
  expect(ra.status).toBe(200);
  expect(rb.status).toBe(200);
  expect(Date.now() - bStarted).toBeGreaterThan(900);
  expect(hitsDuringPause).toEqual([]);
});

test('a 508 INFINITE_LOOP_DETECTED is retried', async ({ page, context }) => {
  const email = await signedInTab(page, 'loop');
  let loops = 1;
  await context.route(USERS_ME, async (route) => {
    if (loops-- > 0) return route.fulfill({ status: 508, body: 'INFINITE_LOOP_DETECTED', headers: { 'access-control-allow-origin': '*' } });
    return route.continue();
  });
  const { status, body } = await pageFetchJson(page, '/users/me');
  expect(status).toBe(200);
  expect(JSON.parse(body)).toMatchObject({ primary_email: email });
});

test('a network drop during the refresh is retried and the request succeeds', async ({ page, context }) => {
  const email = await signedInTab(page, 'drop');
  let drops = 1;
  await context.route(`${EMULATOR_URL}/api/v1/auth/oauth/token`, async (route) => {
    if (drops-- > 0) return route.abort('connectionreset');
    return route.continue();
  });
  await advanceEmulatorClock(11 * 60 * 1000);
  // A path no background read uses, so it cannot join a /users/me already in flight (the worker shares those).
  const { status, body } = await pageFetchJson(page, '/users/me?reason=after-expiry');
  expect(status).toBe(200);
  expect(JSON.parse(body)).toMatchObject({ primary_email: email });
});

test('a refresh token revoked on the server signs every tab out cleanly', async ({ context }) => {
  let refreshToken = '';
  await context.route(`${EMULATOR_URL}/api/v1/auth/password/sign-up`, async (route) => {
    const response = await route.fetch();
    refreshToken = ((await response.json()) as { refresh_token: string }).refresh_token;
    await route.fulfill({ response });
  });
  const tabA = await context.newPage();
  await signedInTab(tabA, 'revoked');
  const tabB = await context.newPage();
  await tabB.goto('/');
  await expect(tabB.getByTestId('signed-in')).toBeVisible();

  // Another device (or an admin) ends the session on the server.
  const revoke = await fetch(`${EMULATOR_URL}/api/v1/auth/sessions/current`, {
    method: 'DELETE',
    headers: {
      'content-type': 'application/json',
      'x-stack-project-id': 'dfa45225-c0f9-490d-98d7-d2c978934c58',
      'x-stack-access-type': 'client',
      'x-stack-publishable-client-key': 'pck_pmy7skfgdxsnw8q561n2qjdyqtkz0cm2d26eqbg01z9pf',
      'x-stack-refresh-token': refreshToken,
    },
    body: '{}',
  });
  expect(revoke.status).toBe(200);

  await advanceEmulatorClock(11 * 60 * 1000);
  // The refresh is refused, the session ends, and the retry goes out without a user. A path no background
  // read uses: the worker shares an in-flight GET, and tab B's revalidation of /users/me may still be out.
  const { status } = await pageFetchJson(tabA, '/users/me?reason=after-revoke');
  expect(status).not.toBe(200);
  await expect(tabA.getByTestId('signed-out')).toBeVisible();
  await expect(tabB.getByTestId('signed-out')).toBeVisible();
});

test('garbage in the IndexedDB vault means a clean signed-out start, not a crash', async ({ page, context }) => {
  await signedInTab(page, 'garbage');
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('authworker');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const store = db.transaction('vault', 'readwrite').objectStore('vault');
    const keys = await new Promise<IDBValidKey[]>((resolve) => {
      const request = store.getAllKeys();
      request.onsuccess = () => resolve(request.result);
    });
    const tx = db.transaction('vault', 'readwrite');
    for (const key of keys) if (String(key).startsWith('session:')) tx.objectStore('vault').put({ iv: new Uint8Array(12), data: new Uint8Array([1, 2, 3]).buffer }, key);
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.reload();
  await expect(page.getByTestId('signed-out')).toBeVisible();
  expect(errors).toEqual([]);
});

test('offline: the user stays shown, sign-in says it is offline at once and keeps the input', async ({ page, context }) => {
  const email = await signedInTab(page, 'offline');
  // Offline caching of the app shell is the PWA's job (issue 6); here the handler chunk is loaded first.
  await page.goto('/handler/sign-in');
  await page.getByRole('link', { name: 'Home' }).click();
  await context.setOffline(true);
  await expect(page.getByTestId('user-email')).toHaveText(email);
  await expect(page.getByTestId('session-status')).toContainText('offline');

  await page.getByRole('link', { name: 'Protected page' }).click();
  await expect(page.getByTestId('protected')).toBeVisible();
  await page.evaluate(() => {
    history.pushState(null, '', '/handler/sign-in');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const started = Date.now();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: OFFLINE_TEXT }).first()).toBeVisible();
  expect(Date.now() - started).toBeLessThan(1500);
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await context.setOffline(false);
});

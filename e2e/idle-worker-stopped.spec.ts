import { expect, test, type Page } from '@playwright/test';
import { pageFetchJson, signUp, stopServiceWorkers, uniqueEmail, waitForWorkerControl } from './support/app.ts';

// What a signed-in user sees when the browser stops the idle worker (it does so after about 30 s without events;
// Playwright keeps it alive, so CDP stops it here), in each persistence mode (issue 30 item 5). The figures
// printed are quoted in docs/service-worker.md.

async function signedUpIn(page: Page, persistence: 'indexeddb' | 'memory'): Promise<string> {
  // The demo remembers `?persistence=` and registers its worker with it (demo/main.tsx, demo/sw.ts).
  await page.goto(`/?persistence=${persistence}`);
  const email = uniqueEmail(`idle-stop-${persistence}`);
  await signUp(page, email);
  await waitForWorkerControl(page);
  const script = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
  expect(new URL(script).searchParams.get('persistence') ?? 'indexeddb').toBe(persistence);
  return email;
}

test("persistence 'indexeddb' (the default): after the stop, the open tab's next call and a reload stay signed in", async ({ page, context }) => {
  const email = await signedUpIn(page, 'indexeddb');
  await stopServiceWorkers(context, page);

  let started = Date.now();
  const me = await pageFetchJson(page, '/users/me');
  expect(me.status).toBe(200);
  console.log(`indexeddb: the open tab's next API call answered ${me.status} ${Date.now() - started} ms after the stop (the worker read the sealed token back and refreshed once)`);
  await expect(page.getByTestId('user-email')).toHaveText(email);

  await stopServiceWorkers(context, page);
  started = Date.now();
  await page.reload();
  await expect(page.getByTestId('user-email')).toHaveText(email);
  console.log(`indexeddb: a reload after the stop showed the user ${Date.now() - started} ms later`);
});

test("persistence 'memory': after the stop, the open tab's next call finds no session and every tab shows signed out", async ({ page, context }) => {
  const email = await signedUpIn(page, 'memory');
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByTestId('user-email')).toHaveText(email);
  await stopServiceWorkers(context, page);

  const started = Date.now();
  const me = await pageFetchJson(page, '/users/me');
  expect(me.status).not.toBe(200);
  // The restarted worker has no session and says so to every tab (its snapshot goes out with its first answer).
  await expect(page.getByTestId('signed-out')).toBeVisible();
  await expect(second.getByTestId('signed-out')).toBeVisible();
  console.log(`memory: the open tab's next API call answered ${me.status}; both tabs showed signed out ${Date.now() - started} ms after it`);

  const reloaded = Date.now();
  await page.reload();
  await expect(page.getByTestId('signed-out')).toBeVisible();
  console.log(`memory: a reload shows signed out (${Date.now() - reloaded} ms); signing in again is the only way back`);
});

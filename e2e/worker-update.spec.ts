import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_OUT_DIR } from './support/ports.ts';
import { EMULATOR_URL, pageFetchJson, signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';

const WORKER_FILE = `${DEMO_OUT_DIR}/sw.js`;

test('a worker update with tabs open neither signs anyone out nor drops an in-flight request', async ({ page, context }) => {
  const email = uniqueEmail('update');
  await signUp(page, email);
  await waitForWorkerControl(page);
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

  // A request that is still in flight when the new worker takes over.
  await context.route(`${EMULATOR_URL}/api/v1/users/me`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  // A new version of the worker on the server (the browser's update check is not routable, so the
  // served file changes; this test runs alone, after the others: see playwright.config.ts).
  const original = readFileSync(WORKER_FILE, 'utf8');
  writeFileSync(WORKER_FILE, `${original}\n// version 2`);
  try {
    const inFlight = pageFetchJson(page, '/users/me');
    const changed = page.evaluate(
      () => new Promise<boolean>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), { once: true })),
    );
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    expect(await changed).toBe(true);

    const { status, body } = await inFlight;
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ primary_email: email });
  } finally {
    writeFileSync(WORKER_FILE, original);
  }
  await context.unroute(`${EMULATOR_URL}/api/v1/users/me`);

  // The new worker read the session from storage: still signed in, requests still carry the token.
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker);
  const after = await pageFetchJson(page, '/users/me');
  expect(after.status).toBe(200);
  await page.reload();
  await expect(page.getByTestId('user-email')).toHaveText(email);
});

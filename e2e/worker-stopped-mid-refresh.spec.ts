import { expect, test } from '@playwright/test';
import { advanceEmulatorClock, EMULATOR_URL, pageFetchJson, signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';

test('a worker stopped in the middle of a refresh loses nothing: the next request refreshes and succeeds', async ({ page, context }) => {
  const email = uniqueEmail('mid-refresh');
  await signUp(page, email);
  await waitForWorkerControl(page);
  await advanceEmulatorClock(11 * 60 * 1000);

  // Hold the first refresh until the worker has been stopped.
  let refreshes = 0;
  let holdStarted: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (holdStarted = resolve));
  await context.route(`${EMULATOR_URL}/api/v1/auth/oauth/token`, async (route) => {
    refreshes += 1;
    if (refreshes === 1) {
      holdStarted();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await route.continue().catch(() => undefined);
  });
  const interrupted = pageFetchJson(page, '/users/me').catch((error: unknown) => ({ status: 0, body: String(error) }));
  await held;
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await interrupted;

  // The refresh token was never rotated, so refreshing again is harmless: the session survives.
  const { status, body } = await pageFetchJson(page, '/users/me');
  expect(status).toBe(200);
  expect(JSON.parse(body)).toMatchObject({ primary_email: email });
  expect(refreshes).toBeGreaterThanOrEqual(2);
  await page.reload();
  await expect(page.getByTestId('user-email')).toHaveText(email);
});

import { expect, test } from '@playwright/test';
import { advanceEmulatorClock, countWorkerRequests, EMULATOR_URL, signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';

test('5 tabs x 50 concurrent requests over an expired access token cause exactly one refresh', async ({ context }) => {
  const first = await context.newPage();
  await signUp(first, uniqueEmail('storm'));
  const tabs = [first];
  for (let i = 1; i < 5; i++) {
    const tab = await context.newPage();
    await tab.goto('/');
    tabs.push(tab);
  }
  for (const tab of tabs) await waitForWorkerControl(tab);
  const refreshes = await countWorkerRequests(context, '/auth/oauth/token');
  await advanceEmulatorClock(11 * 60 * 1000);

  const started = Date.now();
  const results = await Promise.all(
    tabs.map((tab, t) =>
      tab.evaluate(
        async ({ url, t }) => {
          // Distinct Accept values keep the worker from merging these into one request.
          const calls = Array.from({ length: 50 }, (_, i) => fetch(url, { headers: { accept: `application/json;q=0.${t}${i}` } }).then((r) => r.status));
          return Promise.all(calls);
        },
        { url: `${EMULATOR_URL}/api/v1/users/me`, t },
      ),
    ),
  );
  const wall = Date.now() - started;
  expect(results.flat()).toEqual(Array(250).fill(200));
  expect(refreshes.count()).toBe(1);
  console.log(`refresh storm: 250 requests from 5 tabs, ${refreshes.count()} refresh, ${wall} ms until all succeeded`);
});

import { expect, test } from '@playwright/test';
import { countWorkerRequests, pageFetchJson, signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';

test('a worker stopped by the browser rebuilds the session from storage on the next request', async ({ page, context }) => {
  const email = uniqueEmail('restart');
  await signUp(page, email);
  await waitForWorkerControl(page);
  const refreshes = await countWorkerRequests(context, '/auth/oauth/token');

  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');

  // The next API request restarts the worker: it reads the sealed refresh token and refreshes once.
  const { status, body } = await pageFetchJson(page, '/users/me');
  expect(status).toBe(200);
  expect(JSON.parse(body)).toMatchObject({ primary_email: email });
  expect(refreshes.count()).toBe(1);

  // The page's bridge calls work too after the restart (fresh channel per call).
  await cdp.send('ServiceWorker.stopAllWorkers');
  await page.reload();
  await expect(page.getByTestId('user-email')).toHaveText(email);
});

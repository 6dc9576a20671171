import { expect, test } from '@playwright/test';
import { advanceEmulatorClock, countWorkerRequests, pageFetchJson, signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';

test('an expired access token is refreshed once and the request succeeds', async ({ page, context }) => {
  const email = uniqueEmail('expired');
  await signUp(page, email);
  await waitForWorkerControl(page);
  const refreshes = await countWorkerRequests(context, '/auth/oauth/token');

  // 11 minutes on the server: the worker's 10-minute token is now expired there.
  await advanceEmulatorClock(11 * 60 * 1000);
  // A path no background read uses, so it cannot join a /users/me already in flight (the worker shares those).
  const { status, body } = await pageFetchJson(page, '/users/me?reason=after-expiry');

  expect(status).toBe(200);
  expect(JSON.parse(body)).toMatchObject({ primary_email: email });
  expect(refreshes.count()).toBe(1);
});

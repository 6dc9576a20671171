import { expect, test as base } from '@playwright/test';
import { pageFetchJson, signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';
import { PrivateEmulator } from './support/private-emulator.ts';

// The backend is restarted for real, so this test owns its emulator; the suite's one stays up for the others.
const test = base.extend<{ emulator: PrivateEmulator }>({
  emulator: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const emulator = await PrivateEmulator.start();
      await use(emulator);
      await emulator.dispose();
    },
    // Starting a backend process is slow on a busy machine; that must not eat the test's own budget.
    { timeout: 90_000 },
  ],
});

test('a backend restart mid-session: calls fail as network errors meanwhile, then the same session carries on', async ({ page, context, emulator }) => {
  // 11-16 s measured on a busy 2-core machine, but the second process start alone can take half a minute.
  test.setTimeout(60_000);
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  const forwarded = await emulator.routeSuiteEmulator(context);

  const email = uniqueEmail('backend-restart');
  await signUp(page, email);
  await waitForWorkerControl(page);
  const signUpAnswer = forwarded.matching('POST', '/auth/password/sign-up')[0];
  const issuedRefreshToken = (JSON.parse(signUpAnswer?.responseBody ?? '{}') as { refresh_token?: string }).refresh_token;
  expect(issuedRefreshToken).toBeTruthy();

  await emulator.stop();
  // A non-idempotent call is never re-sent, so the outage shows at once.
  const duringOutage = await pageFetchJson(page, '/users/me', { method: 'PATCH', body: JSON.stringify({ display_name: 'Outage' }) });
  expect(duringOutage.status).toBe(503);
  expect(JSON.parse(duringOutage.body)).toMatchObject({ code: 'AUTHWORKER_NETWORK_ERROR' });
  expect(forwarded.matching('PATCH', '/users/me').map((exchange) => exchange.status)).toEqual([null]);
  await expect(page.getByTestId('session-status')).toHaveText('signed-in (degraded)');
  await expect(page.getByTestId('user-email')).toHaveText(email);

  await emulator.startAgain();
  const afterRestart = await pageFetchJson(page, '/users/me', { method: 'PATCH', body: JSON.stringify({ display_name: 'Back' }) });
  expect(afterRestart.status).toBe(200);
  expect(JSON.parse(afterRestart.body)).toMatchObject({ primary_email: email, display_name: 'Back' });
  await expect(page.getByTestId('session-status')).toHaveText('signed-in');

  // The restarted process kept the signing keys and sessions: an access token expired on its clock is refreshed with the first refresh token.
  await emulator.advanceClock(11 * 60 * 1000);
  // A path no background read uses, so it cannot join a /users/me already in flight (the worker shares those).
  const afterExpiry = await pageFetchJson(page, '/users/me?reason=after-expiry');
  expect(afterExpiry.status).toBe(200);
  expect(JSON.parse(afterExpiry.body)).toMatchObject({ primary_email: email, display_name: 'Back' });
  const refreshes = forwarded.matching('POST', '/auth/oauth/token');
  expect(refreshes).toHaveLength(1);
  expect(new URLSearchParams(refreshes[0]?.requestBody ?? '').get('refresh_token')).toBe(issuedRefreshToken);
  expect(refreshes[0]?.status).toBe(200);

  await page.reload();
  await expect(page.getByTestId('user-email')).toHaveText(email);
  expect(forwarded.matching('POST', '/auth/password/sign-in')).toEqual([]);
  expect(pageErrors).toEqual([]);
});

import { expect, test as base, type Page } from '@playwright/test';
import { PASSWORD, pageFetchJson, signIn, uniqueEmail, waitForWorkerControl } from './support/app.ts';
import { PrivateEmulator, type ForwardLog } from './support/private-emulator.ts';

// A skewed server clock would break the other tests' tokens, so these tests share an emulator of their own.
const test = base.extend<object, { emulator: PrivateEmulator }>({
  emulator: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const emulator = await PrivateEmulator.start();
      await use(emulator);
      await emulator.dispose();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

const MINUTE = 60_000;
const ACCESS_TOKEN_LIFE = 10 * MINUTE;

function issuedAtMillis(forwarded: ForwardLog): number {
  const signInAnswer = forwarded.matching('POST', '/auth/password/sign-in')[0];
  const accessToken = (JSON.parse(signInAnswer?.responseBody ?? '{}') as { access_token?: string }).access_token ?? '';
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as { iat: number };
  return payload.iat * 1000;
}

async function expectApiCallsSucceed(page: Page, email: string): Promise<void> {
  for (const path of ['/users/me', '/projects/current', '/users/me?reason=again']) {
    const { status, body } = await pageFetchJson(page, path);
    expect(status, `${path}: ${body}`).toBe(200);
  }
  expect(JSON.parse((await pageFetchJson(page, '/users/me')).body)).toMatchObject({ primary_email: email });
}

const SKEWS = [
  { label: '5 minutes ahead of', skewMs: 5 * MINUTE },
  { label: '5 minutes behind', skewMs: -5 * MINUTE },
  // Longer than a token's life: by the browser's clock every token is born expired, so only a worker that
  // judges expiry on the server's clock (learnt from `iat`) avoids refreshing on every call.
  { label: '15 minutes behind', skewMs: -15 * MINUTE },
];

for (const { label, skewMs } of SKEWS) {
  test(`server clock ${label} the browser: sign-in, calls without a refresh loop, one refresh once the token expires on the server`, async ({ page, context, emulator }) => {
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    await emulator.setClockOffset(skewMs);
    const forwarded = await emulator.routeSuiteEmulator(context);
    const refreshes = () => forwarded.matching('POST', '/auth/oauth/token');
    const expiredTokenAnswers = () => forwarded.exchanges.filter((exchange) => exchange.knownError === 'ACCESS_TOKEN_EXPIRED');

    const email = uniqueEmail('skew');
    await emulator.createUser(email, PASSWORD);
    await signIn(page, email, PASSWORD);
    await expect(page.getByTestId('user-email')).toHaveText(email);
    await waitForWorkerControl(page);
    // The token really was issued on the skewed clock (1 s resolution, plus the time the sign-in took).
    expect(Math.abs(issuedAtMillis(forwarded) - (Date.now() + skewMs))).toBeLessThan(30_000);

    await expectApiCallsSucceed(page, email);
    const beforeReload = forwarded.exchanges.length;
    await page.reload();
    await expect(page.getByTestId('user-email')).toHaveText(email);
    // The reload revalidates the stored user in the background. Let it be answered before the server's clock
    // moves: the worker shares an in-flight GET, so a later `/users/me` could join it and see no expiry.
    await expect
      .poll(() => forwarded.exchanges.slice(beforeReload).some((e) => e.method === 'GET' && e.path === '/api/v1/users/me' && e.status === 200))
      .toBe(true);
    await expect.poll(() => forwarded.exchanges.every((exchange) => exchange.status !== null)).toBe(true);
    expect(refreshes()).toEqual([]);
    expect(expiredTokenAnswers()).toEqual([]);

    // Past the token's life on the server's clock only: the worker cannot know, sends it, and refreshes once.
    await emulator.advanceClock(ACCESS_TOKEN_LIFE + MINUTE);
    // A path no background read uses, so the request cannot join one that is already in flight.
    const { status, body } = await pageFetchJson(page, '/users/me?reason=after-expiry');
    expect(status, body).toBe(200);
    expect(expiredTokenAnswers()).toHaveLength(1);
    expect(refreshes().map((exchange) => exchange.status)).toEqual([200]);

    // The new token's `iat` moved the worker's idea of the server clock along: no further refresh.
    await expectApiCallsSucceed(page, email);
    expect(refreshes()).toHaveLength(1);
    expect(expiredTokenAnswers()).toHaveLength(1);
    await expect(page.getByTestId('session-status')).toHaveText('signed-in');
    expect(pageErrors).toEqual([]);
  });
}

// A sign-out's revoke reaches the server (issue 39.1): with the API behind a gateway answering 502, the revoke stays
// queued and is retried with backoff; once the API answers again, the refresh token is dead on the server at the next
// try, also when the worker was stopped in between (the queue and its schedule are sealed in IndexedDB).
import { expect, test } from '@playwright/test';
import { EMULATOR_URL, refreshTokenAlive, signUp, stopServiceWorkers, uniqueEmail, waitForWorkerControl } from './support/app.ts';

const REVOKE_PATH = '/api/v1/auth/sessions/current';

for (const restart of [false, true]) {
  test(`a revoke answered 502 stays queued and ends at the first try after the API is back${restart ? ', across a worker restart' : ''}`, async ({ context, page }) => {
    test.setTimeout(60_000);
    await signUp(page, uniqueEmail('revoke-5xx'));
    await waitForWorkerControl(page);

    let gatewayDown = true;
    const tries: Array<{ token: string; answered: number }> = [];
    await context.route(`${EMULATOR_URL}${REVOKE_PATH}`, async (route) => {
      const request = route.request();
      if (request.method() !== 'DELETE') return route.fallback();
      const token = request.headers()['x-stack-refresh-token'] ?? '';
      if (gatewayDown) {
        tries.push({ token, answered: 502 });
        return route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' });
      }
      const response = await route.fetch();
      tries.push({ token, answered: response.status() });
      return route.fulfill({ response });
    });

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByTestId('signed-out')).toBeVisible();

    // Answered 502: still queued, the token still works on the server.
    await expect.poll(() => tries.length).toBeGreaterThan(0);
    const refreshToken = tries[0]?.token ?? '';
    expect(refreshToken).not.toBe('');
    expect(await refreshTokenAlive(refreshToken)).toBe(true);

    if (restart) await stopServiceWorkers(context, page);
    const triesWhileDown = tries.length;
    gatewayDown = false;
    // The next try: the next page's call once the backoff has passed (a restarted worker tries at once).
    await expect
      .poll(
        async () => {
          await page.reload();
          return tries.length > triesWhileDown;
        },
        { timeout: 30_000, intervals: [500, 1_000, 2_000] },
      )
      .toBe(true);
    await expect.poll(() => refreshTokenAlive(refreshToken)).toBe(false);
    const triesAfter = tries.slice(triesWhileDown);
    console.log(`revoke answered 502 ${triesWhileDown}× then ${triesAfter.map((t) => t.answered).join(', ')} (restart: ${restart})`);
    expect(triesAfter.map((t) => t.answered)).toEqual([200]);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
  });
}

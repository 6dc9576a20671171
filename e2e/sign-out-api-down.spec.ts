// Sign-out never stalls (issue 31.2): with the API unreachable while the browser is online (connection refused,
// or a request that hangs), the after-sign-out page shows at once and every tab is signed out; the server session
// is revoked once the API is back (the revoke stays queued, in the worker or the page-hosted session, and goes out
// on the next page activity).
import { expect, test, type Page, type Route } from '@playwright/test';
import { EMULATOR_URL, refreshTokenAlive, signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';

/** Clicks UserButton's sign-out and resolves to the ms until the after-sign-out page (home, signed out) showed. */
async function timedSignOut(page: Page): Promise<number> {
  await page.getByTestId('header-signed-in').getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const button = Array.from(document.querySelectorAll<HTMLElement>('[role="menuitem"]')).find((b) => b.textContent === 'Sign out')!;
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (location.pathname === '/' && document.querySelector('[data-testid="signed-out"]')) {
            observer.disconnect();
            resolve(performance.now() - started);
          }
        });
        observer.observe(document.body, { childList: true, subtree: true });
        button.click();
      }),
  );
}

for (const failure of ['connection refused', 'a request that hangs'] as const) {
  test(`with the API down (${failure}) and the browser online, sign-out shows the after-sign-out page within 1 s in every tab; the revoke follows once the API is back`, async ({ context }) => {
    test.setTimeout(90_000);
    const tabA = await context.newPage();
    const email = uniqueEmail('sign-out-api-down');
    await signUp(tabA, email);
    // Also run without service workers (the page-hosted session), where the page sends the revoke itself.
    if (test.info().project.use.serviceWorkers !== 'block') await waitForWorkerControl(tabA);
    const tabB = await context.newPage();
    await tabB.goto('/');
    await expect(tabB.getByTestId('user-email')).toHaveText(email);
    // Tab A is on another page than the after-sign-out one (home), so the redirect shows.
    await tabA.getByRole('link', { name: 'Session inspector' }).click();
    await expect(tabA).toHaveURL(/\/inspector$/);

    let apiDown = true;
    const revokesTried: string[] = [];
    const held: Route[] = [];
    await context.route(`${EMULATOR_URL}/**`, async (route) => {
      const request = route.request();
      if (request.method() === 'DELETE' && new URL(request.url()).pathname === '/api/v1/auth/sessions/current') {
        revokesTried.push(request.headers()['x-stack-refresh-token'] ?? '');
      }
      if (!apiDown) return route.fallback();
      if (failure === 'connection refused') return route.abort('connectionrefused');
      held.push(route); // never answered: the worker's own deadline ends the attempt
    });

    const shownAfterMs = await timedSignOut(tabA);
    console.log(`sign-out with the API down (${failure}, ${test.info().project.name}): after-sign-out page shown ${shownAfterMs.toFixed(0)} ms after the click`);
    expect(shownAfterMs).toBeLessThan(1_000);
    await expect(tabB.getByTestId('signed-out')).toBeVisible();
    expect(await tabA.evaluate(() => navigator.onLine)).toBe(true);

    // The worker tried the revoke in the background; the server still has the session.
    await expect.poll(() => revokesTried.length).toBeGreaterThan(0);
    const refreshToken = revokesTried[0] ?? '';
    expect(refreshToken).not.toBe('');
    expect(await refreshTokenAlive(refreshToken)).toBe(true);

    // The API is back: the next page activity sends the queued revoke (a hung attempt first runs into its deadline).
    apiDown = false;
    await expect
      .poll(
        async () => {
          await tabB.reload();
          return refreshTokenAlive(refreshToken);
        },
        { timeout: 60_000, intervals: [1_000, 2_000, 5_000] },
      )
      .toBe(false);
    // Held (hung) requests are dropped with the route.
    await context.unrouteAll({ behavior: 'ignoreErrors' });
  });
}

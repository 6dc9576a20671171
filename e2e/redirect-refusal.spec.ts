// "A request that carries a credential never follows a redirect" in a real browser: the API origin and a
// forwardAuthTo route answer 307/308 to a second local origin that logs everything it receives. Sign-in,
// refresh, plain API calls and the x-stack-auth re-send must all stop at the redirect.
import { expect, test, type BrowserContext, type Route } from '@playwright/test';
import { EMULATOR_URL, PASSWORD, pageFetchJson, signIn, signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';
import { startForeignOrigin, type ForeignOrigin } from './support/foreign-origin.ts';
import { EMULATOR_PORT } from './support/ports.ts';
import { errorText } from './support/people-text.ts';
import { RedirectRefusedError } from '../runtime/http/redirect-refused-error.ts';

// Beside the suite's emulator (which uses +3 and +11), so it moves with E2E_PORT_OFFSET and the engines' shift:
// 18300 + offset / 100 was the emulator's own port at offset 200.
const FOREIGN_PORT = EMULATOR_PORT + 20;
/** /users/me with any query: the calls below use a query no background read uses, so none joins one in flight. */
const USERS_ME_ANY_QUERY = `${EMULATOR_URL}/api/v1/users/me*`;

let foreign: ForeignOrigin;
test.beforeAll(async () => {
  foreign = await startForeignOrigin(FOREIGN_PORT);
});
test.afterAll(async () => {
  await foreign.close();
});

/** Answers `pattern` (method `method` only) with a redirect to the foreign origin; counts what it redirected. */
async function redirectToForeign(context: BrowserContext, pattern: string, method: string, status: 307 | 308): Promise<() => number> {
  let redirected = 0;
  await context.route(pattern, async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    redirected++;
    await route.fulfill({
      status,
      headers: { location: `${foreign.origin}/stolen${new URL(route.request().url()).pathname}`, 'access-control-allow-origin': '*' },
    });
  });
  return () => redirected;
}

const CREDENTIAL_HEADERS = ['x-stack-access-token', 'x-stack-refresh-token', 'x-stack-auth', 'x-stack-secret-server-key', 'x-stack-super-secret-admin-key', 'authorization'];

function expectForeignSawNoCredential(secrets: string[]): void {
  console.log(`foreign origin log: ${JSON.stringify(foreign.log.map(({ method, url, headers, body }) => ({ method, url, tokenHeaders: CREDENTIAL_HEADERS.filter((name) => name in headers), body: body.slice(0, 80) })))}`);
  for (const request of foreign.log) {
    for (const name of CREDENTIAL_HEADERS) expect(request.headers[name], `${request.method} ${request.url} carried ${name}`).toBeUndefined();
    for (const secret of secrets) expect(request.body).not.toContain(secret);
  }
  // Nothing at all: not even a preflight, since no request was sent on.
  expect(foreign.log).toEqual([]);
}

test('tokens, keys and passwords never follow a redirect to another origin', async ({ page, context }) => {
  const email = uniqueEmail('redirect');
  await signUp(page, email);
  await waitForWorkerControl(page);

  // A plain API call with the access token.
  const usersMe = await redirectToForeign(context, USERS_ME_ANY_QUERY, 'GET', 307);
  const plain = await pageFetchJson(page, '/users/me?reason=redirect-plain');
  expectForeignSawNoCredential([]);
  expect(usersMe()).toBe(1);
  expect(plain.status).toBe(502);
  expect(JSON.parse(plain.body)).toMatchObject({ code: 'AUTHWORKER_REDIRECT_REFUSED' });
  await context.unroute(USERS_ME_ANY_QUERY);

  // The worker's x-stack-auth re-send to the app's own backend (forwardAuthTo).
  const appRoute = await redirectToForeign(context, '**/app-api/redirect-probe', 'POST', 308);
  const forwarded = await page.evaluate(async () => {
    const response = await fetch('/app-api/redirect-probe', { method: 'POST', body: 'app-data' });
    return { status: response.status, error: response.headers.get('x-authworker-error') };
  });
  expect(appRoute()).toBe(1);
  expect(forwarded).toEqual({ status: 502, error: 'redirect' });

  // A refresh: the API says the access token expired, then the token endpoint redirects.
  let expiredOnce = false;
  await context.route(USERS_ME_ANY_QUERY, async (route) => {
    if (expiredOnce || route.request().method() !== 'GET') return route.fallback();
    expiredOnce = true;
    await route.fulfill({
      status: 401,
      headers: { 'x-stack-known-error': 'ACCESS_TOKEN_EXPIRED', 'access-control-allow-origin': '*', 'access-control-expose-headers': 'x-stack-known-error', 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'ACCESS_TOKEN_EXPIRED', error: 'Access token has expired.', details: { expired_at_millis: 0 } }),
    });
  });
  const tokenEndpoint = await redirectToForeign(context, `${EMULATOR_URL}/api/v1/auth/oauth/token`, 'POST', 308);
  const refreshed = await pageFetchJson(page, '/users/me?reason=redirect-refresh');
  expect(expiredOnce).toBe(true);
  expect(tokenEndpoint()).toBe(1);
  expect(refreshed.status).toBe(502);
  await context.unroute(USERS_ME_ANY_QUERY);
  await context.unroute(`${EMULATOR_URL}/api/v1/auth/oauth/token`);

  // A sign-in: the password travels in the body, which a 307 would re-send.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();
  const signInRoute = await redirectToForeign(context, `${EMULATOR_URL}/api/v1/auth/password/sign-in`, 'POST', 307);
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: errorText(new RedirectRefusedError('', 307, null)) })).toBeVisible();
  expect(signInRoute()).toBe(1);
  await expect(page.getByTestId('session-status')).toHaveText('signed-out');

  expectForeignSawNoCredential([PASSWORD, 'app-data']);
});

import { expect, test, type Request } from '@playwright/test';
import { pageFetchJson, signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';

test('connected accounts: link GitHub from account settings; the access token travels only in the redirect the worker makes', async ({ page }) => {
  const email = uniqueEmail('link');
  await signUp(page, email);
  await waitForWorkerControl(page);

  const connectedProviders = async () => (JSON.parse((await pageFetchJson(page, '/users/me')).body) as { oauth_providers: { id: string }[] }).oauth_providers.map((p) => p.id);
  expect(await connectedProviders()).toEqual([]);

  await page.goto('/handler/account-settings');
  const navigations: Request[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) navigations.push(request);
  });
  await page.getByTestId('connected-github').getByRole('button', { name: 'Connect GitHub' }).click();
  await expect(page).toHaveTitle('Sign in with github');

  // The page navigated to its own origin's trampoline; the worker redirected that to the authorize URL.
  const authorize = navigations.find((r) => new URL(r.url()).pathname === '/api/v1/auth/oauth/authorize/github');
  expect(authorize).toBeDefined();
  const trampoline = authorize!.redirectedFrom();
  expect(trampoline && new URL(trampoline.url()).pathname).toMatch(/^\/__authworker\/oauth-link\/[0-9a-f-]{36}$/);
  expect(new URL(trampoline!.url()).searchParams.has('token')).toBe(false);
  const params = new URL(authorize!.url()).searchParams;
  expect(params.get('type')).toBe('link');
  expect(params.get('token')).toMatch(/^ey/);
  expect(params.get('after_callback_redirect_url')).toContain('/handler/account-settings');

  await page.getByLabel('E-mail', { exact: true }).fill(`gh-${email}`);
  await page.getByRole('button', { name: 'Allow' }).click();

  // Back where the link started, same user, GitHub now connected.
  await expect(page).toHaveURL(/\/handler\/account-settings$/);
  await expect(page.getByTestId('connected-github')).toContainText('GitHub: connected');
  await expect(page.getByTestId('session-status')).toHaveText('signed-in');
  const me = await pageFetchJson(page, '/users/me');
  expect(JSON.parse(me.body)).toMatchObject({ primary_email: email });
  expect(await connectedProviders()).toEqual(['github']);
  // The demo's GitHub uses the shared development keys, which give no provider tokens (as on the hosted
  // service); the token path itself is covered by the worker's and the client's unit tests.
  const token = await pageFetchJson(page, '/connected-accounts/me/github/access-token', { method: 'POST', body: '{"scope":""}' });
  expect(JSON.parse(token.body)).toMatchObject({ code: 'OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS' });

  // Replaying the trampoline URL gets nothing: it was single-use.
  const replay = await page.goto(trampoline!.url());
  expect(replay?.status()).toBe(410);
});

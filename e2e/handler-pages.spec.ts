import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import { signUpOverHttp } from '../testing/emulator/http-sign-up.ts';
import { projectHeaders } from '../testing/emulator/project-headers.ts';
import { EMULATOR_URL, lastMailTo, linkIn, PASSWORD, signUp, uniqueEmail } from './support/app.ts';
import { DEMO_PORT } from './support/ports.ts';
import { textFor } from './support/people-text.ts';

// Every handler page walked through its main path and its error path; each state the user sees passes the
// accessibility check and is saved as a screenshot artifact.

const DEMO_URL = `http://localhost:${DEMO_PORT}`;

/** No serious or critical accessibility violations; a screenshot of the page as an artifact. */
async function checkPage(page: Page, name: string): Promise<void> {
  await expect(page.locator('main .aw-page').first()).toBeVisible();
  const results = await new AxeBuilder({ page }).include('.aw-page').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** Calls the emulator's API as the demo project's client, optionally as a signed-in user. */
async function clientApi<T>(path: string, json: unknown, accessToken?: string): Promise<T> {
  const response = await fetch(`${EMULATOR_URL}/api/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...projectHeaders('client'),
      ...(accessToken ? { 'x-stack-access-token': accessToken } : {}),
    },
    body: JSON.stringify(json),
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Holds the matching API requests (the worker's included) until `release`, so a page that is working
 * ("Signing you in…") stays in that state long enough to be checked.
 */
async function holdRequests(context: BrowserContext, path: string, matches: (route: Route) => boolean = () => true) {
  const url = `${EMULATOR_URL}/api/v1${path}`;
  const held: Route[] = [];
  let arrived: () => void = () => undefined;
  const first = new Promise<void>((resolve) => (arrived = resolve));
  let releasing = false;
  await context.route(url, async (route) => {
    if (releasing || !matches(route)) return route.fallback();
    held.push(route);
    arrived();
  });
  return {
    arrived: first,
    async release(how: 'continue' | 'abort' = 'continue') {
      releasing = true;
      for (const route of held) await (how === 'continue' ? route.fallback() : route.abort('internetdisconnected'));
      await context.unroute(url);
    },
  };
}

const isDelete = (route: Route) => route.request().method() === 'DELETE';

test('sign-in (and its alias log-in): a wrong password is announced and the input kept; the right one signs in', async ({ page }) => {
  const email = uniqueEmail('pages-sign-in');
  await signUpOverHttp(EMULATOR_URL, email, PASSWORD);
  await page.goto('/handler/log-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await checkPage(page, 'log-in');

  await page.goto('/handler/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await checkPage(page, 'sign-in');

  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' })).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await checkPage(page, 'sign-in-wrong-password');

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('user-email')).toHaveText(email);
});

test('sign-in by magic link code: the code entry state, a wrong code announced, the right code signs in', async ({ page }) => {
  const email = uniqueEmail('pages-magic-code');
  await page.goto('/handler/sign-in');
  // Password and magic link are both on: the magic link is the second tab of the handler's card.
  await page.getByRole('tab', { name: 'Email', exact: true }).click();
  await page.getByLabel('E-mail for a sign-in link').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We sent a link and a code to ${email}` })).toBeVisible();
  await checkPage(page, 'sign-in-magic-link-sent');

  const otp = /Your code is ([0-9A-Z]{6})/.exec((await lastMailTo(email)).subject)?.[1] ?? '';
  expect(otp).toHaveLength(6);
  const wrong = otp === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
  await page.getByLabel('Code').fill(wrong);
  await page.getByRole('button', { name: 'Sign in with code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: textFor('VERIFICATION_CODE_NOT_FOUND') })).toBeVisible();
  await expect(page.getByLabel('Code')).toHaveValue(wrong);
  await checkPage(page, 'sign-in-wrong-code');

  await page.getByLabel('Code').fill(otp);
  await page.getByRole('button', { name: 'Sign in with code' }).click();
  await expect(page.getByTestId('user-email')).toHaveText(email);
});

test('sign-up (and its alias register): a taken e-mail is announced and the input kept; a new one signs up', async ({ page }) => {
  const taken = uniqueEmail('pages-taken');
  await signUpOverHttp(EMULATOR_URL, taken, PASSWORD);
  await page.goto('/handler/register');
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await checkPage(page, 'register');

  await page.goto('/handler/sign-up');
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await checkPage(page, 'sign-up');

  await page.getByLabel('E-mail', { exact: true }).fill(taken);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: textFor('USER_EMAIL_ALREADY_EXISTS') })).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(taken);
  await checkPage(page, 'sign-up-email-taken');

  const fresh = uniqueEmail('pages-sign-up');
  await page.getByLabel('E-mail', { exact: true }).fill(fresh);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByTestId('user-email')).toHaveText(fresh);
});

test('sign-out: signs out and leaves without waiting for the revoke; with the server unreachable it still signs out locally', async ({ page }) => {
  await signUp(page, uniqueEmail('pages-sign-out'));
  const revoke = await holdRequests(page.context(), '/auth/sessions/current', isDelete);
  // The page shows for a moment only: the demo router's URL replacement (the after-sign-out redirect) is held, to check it.
  await page.evaluate(() => {
    history.replaceState = () => undefined;
    history.pushState(null, '', '/handler/sign-out');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Signing out…' })).toBeVisible();
  await revoke.arrived;
  await expect(page.getByTestId('session-status')).toHaveText('signed-out');
  await checkPage(page, 'sign-out');
  await revoke.release();

  // The revoke cannot reach the server: the session is wiped and the after-sign-out page shows anyway (the revoke is queued).
  await signUp(page, uniqueEmail('pages-sign-out-offline'));
  const unreachable = await holdRequests(page.context(), '/auth/sessions/current', isDelete);
  await page.goto('/handler/sign-out');
  await unreachable.arrived;
  await expect(page.getByTestId('signed-out')).toBeVisible();
  await unreachable.release('abort');
  await page.reload();
  await expect(page.getByTestId('signed-out')).toBeVisible();
});

test('email-verification: the link verifies; a reused link and a link without code explain why they fail', async ({ page }) => {
  const email = uniqueEmail('pages-verify');
  await signUp(page, email);
  const link = linkIn(await lastMailTo(email));
  await page.goto(link);
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail address is verified.' })).toBeVisible();
  await checkPage(page, 'email-verification');

  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(textFor('VERIFICATION_CODE_ALREADY_USED'));
  await checkPage(page, 'email-verification-used-link');

  await page.goto('/handler/email-verification');
  await expect(page.getByRole('alert')).toContainText('no code');
  await checkPage(page, 'email-verification-without-code');
});

test('forgot-password: the form, a refused address announced, then the link sent', async ({ page }) => {
  const email = uniqueEmail('pages-forgot');
  await signUpOverHttp(EMULATOR_URL, email, PASSWORD);
  await page.goto('/handler/forgot-password');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await checkPage(page, 'forgot-password');

  await page.getByLabel('E-mail', { exact: true }).fill('not an e-mail address');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  // The API's schema error (body.email must be a valid email), in words for people.
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a valid e-mail address.' })).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('not an e-mail address');
  await checkPage(page, 'forgot-password-error');

  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: `If an account uses ${email}, we sent it a link` })).toBeVisible();
  await checkPage(page, 'forgot-password-sent');
  expect(linkIn(await lastMailTo(email))).toMatch(/^\/handler\/password-reset\?code=/);
});

test('password-reset: the form from the e-mailed link, a mismatch announced, the new password set; a used link and no code refused', async ({ page }) => {
  const email = uniqueEmail('pages-reset');
  await signUpOverHttp(EMULATOR_URL, email, PASSWORD);
  await page.goto('/handler/forgot-password');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'we sent it a link' })).toBeVisible();
  const link = linkIn(await lastMailTo(email));

  await page.goto(link);
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await checkPage(page, 'password-reset');

  await page.getByLabel('New password', { exact: true }).fill('a brand new password');
  await page.getByLabel('Repeat the new password').fill('a different one');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match.' })).toBeVisible();
  await checkPage(page, 'password-reset-mismatch');

  await page.getByLabel('Repeat the new password').fill('a brand new password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password was changed' })).toBeVisible();
  await checkPage(page, 'password-reset-done');

  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(textFor('VERIFICATION_CODE_ALREADY_USED'));
  await checkPage(page, 'password-reset-used-link');

  await page.goto('/handler/password-reset');
  await expect(page.getByRole('alert')).toContainText('no code');
  await checkPage(page, 'password-reset-without-code');
});

test('oauth-callback: completes a GitHub sign-in through the consent page; a callback this browser did not start is refused', async ({ page }) => {
  const email = uniqueEmail('pages-oauth');
  // The worker's code exchange (not the refresh grant) is held while the callback page is checked.
  const exchange = await holdRequests(page.context(), '/auth/oauth/token', (route) => route.request().postData()?.includes('authorization_code') ?? false);
  await page.goto('/handler/sign-in');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Allow' }).click();
  await exchange.arrived;
  await expect(page).toHaveURL(/\/handler\/oauth-callback/);
  await expect(page.getByRole('heading', { name: 'Signing you in…' })).toBeVisible();
  await checkPage(page, 'oauth-callback');
  await exchange.release();
  await expect(page.getByTestId('user-email')).toHaveText(email);

  await page.goto('/handler/oauth-callback?code=not-ours&state=not-started-here');
  await expect(page.getByRole('alert')).toHaveText('This sign-in could not be completed. Please sign in again.');
  await expect(page.getByRole('heading', { level: 1, name: 'You are not signed in' })).toBeVisible();
  await checkPage(page, 'oauth-callback-error');
});

test('magic-link-callback: the e-mailed link signs in; an unknown code is refused', async ({ page }) => {
  const email = uniqueEmail('pages-magic-link');
  await page.goto('/handler/sign-in');
  // Password and magic link are both on: the magic link is the second tab of the handler's card.
  await page.getByRole('tab', { name: 'Email', exact: true }).click();
  await page.getByLabel('E-mail for a sign-in link').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We sent a link and a code to ${email}` })).toBeVisible();
  const link = linkIn(await lastMailTo(email));

  const signIn = await holdRequests(page.context(), '/auth/otp/sign-in');
  await page.goto(link);
  await signIn.arrived;
  await expect(page.getByRole('heading', { name: 'Signing you in…' })).toBeVisible();
  await checkPage(page, 'magic-link-callback');
  await signIn.release();
  await expect(page.getByTestId('user-email')).toHaveText(email);

  await page.goto('/handler/magic-link-callback?code=' + 'a'.repeat(45));
  await expect(page.getByRole('alert')).toContainText(textFor('VERIFICATION_CODE_NOT_FOUND'));
  await expect(page.getByRole('heading', { level: 1, name: 'You are not signed in' })).toBeVisible();
  await checkPage(page, 'magic-link-callback-error');
});

test('account-settings: shows the account; a wrong current password and a duplicate e-mail are announced; signed out it sends to sign-in', async ({ page }) => {
  const email = uniqueEmail('pages-settings');
  await signUp(page, email);
  await page.goto('/handler/account-settings');
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: email })).toBeVisible();
  await checkPage(page, 'account-settings');

  await page.getByLabel('Current password').fill('wrong password!');
  await page.getByLabel('New password', { exact: true }).fill('another good password');
  await page.getByLabel('Repeat the new password').fill('another good password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match.' })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('wrong password!');

  await page.getByLabel('New e-mail address').fill(email);
  await page.getByRole('button', { name: 'Add e-mail' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This e-mail address is already on your account.' })).toBeVisible();
  await checkPage(page, 'account-settings-errors');

  await page.goto('/handler/sign-out');
  await expect(page.getByTestId('signed-out')).toBeVisible();
  await page.goto('/handler/account-settings');
  await expect(page).toHaveURL(/\/handler\/sign-in\?after_auth_return_to=%2Fhandler%2Faccount-settings/);
});

test('team-invitation: signed out it asks to sign in, signed in it joins; a used link and no code are refused', async ({ page, browser }) => {
  const owner = await signUpOverHttp(EMULATOR_URL, uniqueEmail('pages-team-owner'), PASSWORD);
  const team = await clientApi<{ id: string }>('/teams', { display_name: 'Pages crew', creator_user_id: 'me' }, owner.accessToken);
  const inviteeEmail = uniqueEmail('pages-team-invitee');
  await clientApi(
    '/team-invitations/send-code',
    { email: inviteeEmail, team_id: team.id, callback_url: `${DEMO_URL}/handler/team-invitation` },
    owner.accessToken,
  );
  const link = linkIn(await lastMailTo(inviteeEmail));
  expect(link).toMatch(/^\/handler\/team-invitation\?code=/);

  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(link);
    await expect(visitor.locator('main .aw-page').first().getByRole('link', { name: 'Sign in' })).toBeVisible();
    await checkPage(visitor, 'team-invitation-signed-out');
  } finally {
    await visitorContext.close();
  }

  await signUp(page, inviteeEmail);
  await page.goto(link);
  await expect(page.getByTestId('invited-team')).toHaveText('Pages crew');
  await checkPage(page, 'team-invitation');
  await page.getByRole('button', { name: 'Join team' }).click();
  await expect(page.getByTestId('signed-in')).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('already been used');
  await checkPage(page, 'team-invitation-used-link');

  await page.goto('/handler/team-invitation');
  await expect(page.getByRole('alert')).toHaveText('This invitation link has no code. Ask for a new one.');
  await checkPage(page, 'team-invitation-without-code');
});

test('error: says in plain words what the query\'s known error means; an unknown code is named, none is said to be missing, never the query\'s own message', async ({ page }) => {
  await page.goto('/handler/error?errorCode=OUTER_OAUTH_TIMEOUT&details=%7B%7D');
  await expect(page.getByRole('alert')).toHaveText(textFor('OUTER_OAUTH_TIMEOUT'));
  await expect(page.getByRole('alert')).toHaveAttribute('data-error-code', 'OUTER_OAUTH_TIMEOUT');
  await checkPage(page, 'error');

  await page.goto('/handler/error?errorCode=SOMETHING_NEW&message=The+provider+said+no.');
  await expect(page.getByRole('alert')).toHaveText('The server stopped this with the code SOMETHING_NEW. Go back and try again, or tell the app’s owner.');
  await expect(page.getByRole('alert')).not.toContainText('The provider said no.');
  await checkPage(page, 'error-unknown-code');

  await page.goto('/handler/error?details=not-json');
  await expect(page.getByRole('alert')).toHaveText('This page was opened without saying what went wrong. Go back and try again.');
  await checkPage(page, 'error-without-code');

  await page.goto('/handler/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await checkPage(page, 'not-found');
});

test('the session inspector and the devtools panel show the worker events as they happen', async ({ page }) => {
  await page.goto('/inspector');
  await expect(page.getByTestId('inspector-snapshot')).toContainText('"status": "signed-out"');
  await page.getByRole('button', { name: 'Auth devtools' }).click();
  const email = uniqueEmail('inspector');
  const other = await page.context().newPage();
  await signUp(other, email);
  await expect(page.getByTestId('aw-dt-events')).toContainText(/session #\d+: signed-in/);
  await expect(page.getByTestId('inspector-snapshot')).toContainText('"status": "signed-in"');
});

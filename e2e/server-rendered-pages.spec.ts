import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';
import { APP_API_URL, DEMO_URL } from './support/ports.ts';

interface SeenRequest {
  method: string;
  path: string;
  xStackAuth: boolean;
  secFetchSite: string | null;
  strictCookie: boolean;
}

/** What the demo's own backend received for one probe. */
async function seenByServer(probe: string): Promise<SeenRequest[]> {
  return (await (await fetch(`${APP_API_URL}/seen?probe=${probe}`)).json()) as SeenRequest[];
}

/** A page load as a link on the current page starts it (the browser gives it this page as the referrer). */
async function followLink(page: Page, href: string): Promise<void> {
  await page.evaluate((target) => {
    const link = document.createElement('a');
    link.href = target;
    document.body.append(link);
    link.click();
  }, href);
}

// The demo's worker has `forwardAuthTo: { pathPrefixes: ['/app-api/'], navigations: true }`.
test("a page load under the configured prefix reaches the app's server with x-stack-auth; other page loads do not", async ({ page }) => {
  const probe = `nav-${Date.now().toString(36)}-${process.pid}`;
  await page.goto('/');
  await waitForWorkerControl(page);

  // Signed out: no header.
  await followLink(page, `/app-api/page?probe=${probe}-out`);
  await expect(page.getByTestId('server-user')).toHaveText('signed out');
  expect(await seenByServer(`${probe}-out`)).toMatchObject([{ method: 'GET', path: '/app-api/page', xStackAuth: false }]);

  const email = uniqueEmail('server-rendered');
  await signUp(page, email);
  await waitForWorkerControl(page);

  await followLink(page, `/app-api/page?probe=${probe}-in`);
  await expect(page.getByTestId('server-user')).toHaveText(email);
  await expect(page.getByTestId('server-header')).toHaveText('x-stack-auth');
  expect(await seenByServer(`${probe}-in`)).toMatchObject([{ method: 'GET', path: '/app-api/page', xStackAuth: true, secFetchSite: 'same-origin' }]);

  // A redirect comes back to the browser, which follows it as a page load of its own: decorated again.
  await followLink(page, `/app-api/go?probe=${probe}-moved`);
  await expect(page).toHaveURL(new RegExp(`/app-api/page\\?probe=${probe}-moved$`));
  await expect(page.getByTestId('server-user')).toHaveText(email);

  // A form post under the prefix reaches the server without the header: it could come from another site.
  await page.evaluate((action) => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = action;
    document.body.append(form);
    form.submit();
  }, `/app-api/page?probe=${probe}-post`);
  await expect(page.getByTestId('server-header')).toHaveText('no header');
  expect(await seenByServer(`${probe}-post`)).toMatchObject([{ method: 'POST', path: '/app-api/page', xStackAuth: false }]);

  // Another path of the same server is not configured: no header (the demo's own navigation route
  // answers it with the app shell, so it may not reach the server at all).
  await page.goto(`/other-api/page?probe=${probe}-other`);
  expect((await seenByServer(`${probe}-other`)).filter((request) => request.xStackAuth)).toEqual([]);

  // fetch() under the prefix keeps working as before.
  const me = await page.evaluate(async () => (await fetch('/app-api/me')).json());
  expect(me).toMatchObject({ primaryEmail: email });
});

test('a page load another site starts, or one with no referrer, arrives as the browser sent it: no header, no Strict cookie, cross-site', async ({ page, context }) => {
  const probe = `cross-${Date.now().toString(36)}-${process.pid}`;
  await signUp(page, uniqueEmail('cross-site-nav'));
  await waitForWorkerControl(page);
  // The app's own SameSite=Strict cookie, which a CSRF defence relies on.
  await context.addCookies([{ name: 'aw-strict', value: '1', url: DEMO_URL, sameSite: 'Strict' }]);

  // From the app's own page: the worker re-sends it with the header, as a same-origin request.
  await followLink(page, `/app-api/page?probe=${probe}-own`);
  await expect(page.getByTestId('server-header')).toHaveText('x-stack-auth');
  expect(await seenByServer(`${probe}-own`)).toEqual([{ method: 'GET', path: '/app-api/page', xStackAuth: true, secFetchSite: 'same-origin', strictCookie: true }]);

  // A link on another site (another origin, served here by the test).
  const elsewhere = 'http://elsewhere.test';
  await context.route(`${elsewhere}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><a id="go" href="${DEMO_URL}/app-api/page?probe=${probe}-cross">your dashboard</a>` }),
  );
  await page.goto(`${elsewhere}/links`);
  await page.click('#go');
  await expect(page.getByTestId('server-header')).toHaveText('no header');
  expect(await seenByServer(`${probe}-cross`)).toEqual([{ method: 'GET', path: '/app-api/page', xStackAuth: false, secFetchSite: 'cross-site', strictCookie: false }]);

  // A typed address (no referrer at all) cannot be told apart from a link with rel=noreferrer: it goes untouched too.
  await page.goto(`/app-api/page?probe=${probe}-typed`);
  await expect(page.getByTestId('server-header')).toHaveText('no header');
  expect(await seenByServer(`${probe}-typed`)).toMatchObject([{ xStackAuth: false, secFetchSite: 'none' }]);
});

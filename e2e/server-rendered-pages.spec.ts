import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';
import { APP_API_URL } from './support/ports.ts';

interface SeenRequest {
  method: string;
  path: string;
  xStackAuth: boolean;
}

/** What the demo's own backend received for one probe. */
async function seenByServer(probe: string): Promise<SeenRequest[]> {
  return (await (await fetch(`${APP_API_URL}/seen?probe=${probe}`)).json()) as SeenRequest[];
}

// The demo's worker has `forwardAuthTo: { pathPrefixes: ['/app-api/'], navigations: true }`.
test("a page load under the configured prefix reaches the app's server with x-stack-auth; other page loads do not", async ({ page }) => {
  const probe = `nav-${Date.now().toString(36)}-${process.pid}`;
  await page.goto('/');
  await waitForWorkerControl(page);

  // Signed out: the worker still answers the page load, without a header.
  await page.goto(`/app-api/page?probe=${probe}-out`);
  await expect(page.getByTestId('server-user')).toHaveText('signed out');
  expect(await seenByServer(`${probe}-out`)).toEqual([{ method: 'GET', path: '/app-api/page', xStackAuth: false }]);

  const email = uniqueEmail('server-rendered');
  await signUp(page, email);
  await waitForWorkerControl(page);

  await page.goto(`/app-api/page?probe=${probe}-in`);
  await expect(page.getByTestId('server-user')).toHaveText(email);
  await expect(page.getByTestId('server-header')).toHaveText('x-stack-auth');
  expect(await seenByServer(`${probe}-in`)).toEqual([{ method: 'GET', path: '/app-api/page', xStackAuth: true }]);

  // A redirect comes back to the browser, which follows it as a page load of its own: decorated again.
  await page.goto(`/app-api/go?probe=${probe}-moved`);
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
  expect(await seenByServer(`${probe}-post`)).toEqual([{ method: 'POST', path: '/app-api/page', xStackAuth: false }]);

  // Another path of the same server is not configured: no header (the demo's own navigation route
  // answers it with the app shell, so it may not reach the server at all).
  await page.goto(`/other-api/page?probe=${probe}-other`);
  expect((await seenByServer(`${probe}-other`)).filter((request) => request.xStackAuth)).toEqual([]);

  // fetch() under the prefix keeps working as before.
  const me = await page.evaluate(async () => (await fetch('/app-api/me')).json());
  expect(me).toMatchObject({ primaryEmail: email });
});

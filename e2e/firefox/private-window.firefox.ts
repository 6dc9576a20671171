import type { Browser } from 'puppeteer-core';
import { expect, launchFirefox, openPrivateWindow, test } from './support/firefox.ts';
import { isControlled, signUp, waitForTestIdText, waitForWorkerControl } from './support/demo.ts';
import { uniqueEmail } from '../support/app.ts';

// Opening a private window needs the browser's own window, so this story has a browser of its own.
let browser: Browser;
test.beforeAll(async () => {
  browser = await launchFirefox({ systemAccess: true });
});
test.afterAll(async () => {
  await browser.close();
});

// Firefox long had no service workers in private windows; this ESR has them (dom.serviceWorkers.privateBrowsing.enabled).
test('a Firefox private window runs the worker: sign up, reload, still signed in and controlled', async () => {
  const page = await openPrivateWindow(browser);
  const email = uniqueEmail('ff-private');
  await signUp(page, email);
  await waitForWorkerControl(page);

  await page.reload();
  await waitForTestIdText(page, 'user-email', email);
  expect(await isControlled(page)).toBe(true);
});

import type { Browser } from 'puppeteer-core';
import { expect, launchFirefox, openTab, setFirefoxOffline, test } from './support/firefox.ts';
import { clickButton, fieldSelector, fill, firefoxTab, isControlled, PASSWORD, visit, waitForRoleText, waitForTestIdText } from './support/demo.ts';
import { uniqueEmail } from '../support/app.ts';
import { OFFLINE_TEXT } from '../support/people-text.ts';
import { firstVisitOnline } from '../support/core-stories.ts';

// Firefox's offline switch is browser-wide, so this story has a browser of its own.
let browser: Browser;
test.beforeAll(async () => {
  browser = await launchFirefox({
    systemAccess: true,
    // No network-change probe turns the offline switch back on.
    prefs: { 'network.manage-offline-status': false },
  });
});
test.afterAll(async () => {
  await browser.close();
});

test('offline after the first visit: the user stays shown, and sign-in fails at once with the offline message', async () => {
  const context = await browser.createBrowserContext();
  const page = await openTab(context);
  const email = uniqueEmail('ff-offline');
  await firstVisitOnline(firefoxTab(page), email);

  await setFirefoxOffline(browser, true);
  try {
    await visit(page, '/');
    expect(await isControlled(page)).toBe(true);
    await waitForTestIdText(page, 'user-email', email);
    await page.waitForFunction(() => document.querySelector('[data-testid="session-status"]')?.textContent?.includes('offline'));

    await visit(page, '/handler/sign-in');
    await fill(page, 'E-mail', email);
    await fill(page, 'Password', PASSWORD);
    const started = Date.now();
    await clickButton(page, 'Sign in');
    await waitForRoleText(page, 'alert', OFFLINE_TEXT);
    console.log(`firefox offline sign-in: the offline message ${Date.now() - started} ms after the click`);
    expect(await page.$eval(await fieldSelector(page, 'E-mail'), (input) => (input as HTMLInputElement).value)).toBe(email);
  } finally {
    await setFirefoxOffline(browser, false);
  }
  await context.close();
});

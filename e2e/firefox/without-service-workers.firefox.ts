import type { Browser, ConsoleMessage } from 'puppeteer-core';
import { expect, launchFirefox, openTab, test } from './support/firefox.ts';
import { clickButton, signUp, visit, waitForTestId, waitForTestIdText } from './support/demo.ts';
import { uniqueEmail } from '../support/app.ts';

// As in a Firefox private window, which has no service workers: the session runs in the page.
let noWorkers: Browser;
test.beforeAll(async () => {
  noWorkers = await launchFirefox({ prefs: { 'dom.serviceWorkers.enabled': false } });
});
test.afterAll(async () => {
  await noWorkers.close();
});

test('without service workers the page hosts the session: sign-up, reload, a second tab, and sign-out follows', async () => {
  const context = await noWorkers.createBrowserContext();
  const tabA = await openTab(context);
  const warnings: string[] = [];
  tabA.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'warn') warnings.push(message.text());
  });
  const email = uniqueEmail('ff-no-worker');
  await signUp(tabA, email);
  expect(await tabA.evaluate(() => 'serviceWorker' in navigator)).toBe(false);
  expect(warnings.some((text) => text.includes('the session runs in the page'))).toBe(true);

  await tabA.reload();
  await waitForTestIdText(tabA, 'user-email', email);

  const tabB = await openTab(context);
  await visit(tabB, '/');
  await waitForTestIdText(tabB, 'user-email', email);
  await clickButton(tabB, 'Sign out');
  await waitForTestId(tabB, 'signed-out');
  await waitForTestId(tabA, 'signed-out');
  await context.close();
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { lastMailTo, linkIn, uniqueEmail, waitForWorkerControl } from './support/app.ts';

test('magic link: a new user signs in by opening the link from the e-mail', async ({ page }) => {
  const email = uniqueEmail('magic-link');
  await page.goto('/handler/sign-in');
  await page.getByRole('tab', { name: 'Email', exact: true }).click();
  await page.getByLabel('E-mail for a sign-in link').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We sent a link and a code to ${email}` })).toBeVisible();

  await page.goto(linkIn(await lastMailTo(email)));
  await expect(page.getByTestId('user-email')).toHaveText(email);
});

test('magic link: the 6-character code sent in one tab is typed in another, and every tab is signed in', async ({ context }) => {
  const email = uniqueEmail('magic-code');
  const tabA = await context.newPage();
  const otp = await sendMagicLink(tabA, email);

  // The worker kept the nonce, so the code works in a tab that never sent the e-mail.
  const tabB = await context.newPage();
  await typeCodeInFreshTab(tabB, otp);
  await expect(tabB.getByTestId('user-email')).toHaveText(email);
  await expect(tabA.getByTestId('session-status')).toHaveText('signed-in');
});

test('magic link: the code still works after the browser stopped the idle worker while the e-mail was on its way', async ({ context }) => {
  const email = uniqueEmail('magic-restart');
  const tabA = await context.newPage();
  const otp = await sendMagicLink(tabA, email);
  await waitForWorkerControl(tabA);

  await stopWorkers(context, tabA);

  const tabB = await context.newPage();
  await typeCodeInFreshTab(tabB, otp);
  await expect(tabB.getByTestId('user-email')).toHaveText(email);
  await expect(tabA.getByTestId('session-status')).toHaveText('signed-in');
});

/** Tab A asks for the e-mail; returns the 6-character code from its subject. */
async function sendMagicLink(tab: Page, email: string): Promise<string> {
  await tab.goto('/handler/sign-in');
  await tab.getByRole('tab', { name: 'Email', exact: true }).click();
  await tab.getByLabel('E-mail for a sign-in link').fill(email);
  await tab.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(tab.getByRole('status').filter({ hasText: `We sent a link and a code to ${email}` })).toBeVisible();
  const otp = /Your code is ([0-9A-Z]{6})/.exec((await lastMailTo(email)).subject)?.[1] ?? '';
  expect(otp).toHaveLength(6);
  return otp;
}

/** Tab B never sent anything: it finds the code entry on the sign-in page, by keyboard only. */
async function typeCodeInFreshTab(tab: Page, otp: string): Promise<void> {
  await tab.goto('/handler/sign-in');
  // The method tabs by arrow keys (Radix Tabs: the focused tab is chosen).
  await tab.getByRole('tab', { name: 'Email & Password' }).focus();
  await tab.keyboard.press('ArrowRight');
  await expect(tab.getByRole('tab', { name: 'Email', exact: true })).toHaveAttribute('aria-selected', 'true');
  const iHaveACode = tab.getByRole('button', { name: 'I have a code' });
  await iHaveACode.focus();
  await tab.keyboard.press('Enter');
  await expect(tab.getByRole('status').filter({ hasText: 'Type the 6-character code' })).toBeVisible();
  const codeField = tab.getByLabel('Code from the e-mail');
  await expect(codeField).toBeFocused();
  const axe = await new AxeBuilder({ page: tab }).include('.aw-page').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await tab.keyboard.type(otp.toLowerCase());
  await expect(codeField).toHaveValue(otp);
  await tab.keyboard.press('Enter');
}

/** Stops every service worker of the context (as Chromium does to an idle one) and waits until it has. */
async function stopWorkers(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  let stopped: () => void = () => undefined;
  const allStopped = new Promise<void>((resolve) => (stopped = resolve));
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    if (versions.length > 0 && versions.every((version) => version.runningStatus === 'stopped')) stopped();
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await allStopped;
  await cdp.detach();
}

// e2e/user-edits-reach-every-tab.spec.ts in Firefox: a display name saved in tab A shows in tab B without a reload,
// with the worker and page-hosted (as in a private window). Timed with MutationObserver on one clock.
import type { Browser, Page } from 'puppeteer-core';
import { expect, launchFirefox, openTab, test } from './support/firefox.ts';
import { fill, signUp, visit, waitForRoleText, waitForTestIdText, waitForWorkerControl } from './support/demo.ts';
import { uniqueEmail } from '../support/app.ts';

const HEADER_BUTTON = '[data-testid="header-signed-in"] button';

/** Tab B notes when its account button shows `name`; tab A clicks Save profile; the delay between the two, in ms. */
async function saveNameAndTime(tabA: Page, tabB: Page, name: string): Promise<number> {
  await fill(tabA, 'Display name', name);
  await tabB.evaluate(
    (selector, expected) => {
      const w = window as unknown as { shownAt?: number };
      delete w.shownAt;
      const observer = new MutationObserver(() => {
        if (document.querySelector(selector)?.textContent !== expected) return;
        w.shownAt = performance.timeOrigin + performance.now();
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    HEADER_BUTTON,
    name,
  );
  const clickedAt = await tabA.evaluate(() => {
    const at = performance.timeOrigin + performance.now();
    Array.from(document.querySelectorAll('button'))
      .find((button) => button.textContent === 'Save profile')
      ?.click();
    return at;
  });
  const shown = await tabB.waitForFunction(() => (window as unknown as { shownAt?: number }).shownAt);
  await waitForRoleText(tabA, 'status', 'Saved.');
  return ((await shown.jsonValue()) as number) - clickedAt;
}

async function twoTabs(context: Awaited<ReturnType<Browser['createBrowserContext']>>, label: string, withWorker: boolean) {
  const tabA = await openTab(context);
  const email = uniqueEmail(label);
  await signUp(tabA, email);
  const tabB = await openTab(context);
  await visit(tabB, '/');
  await waitForTestIdText(tabB, 'user-email', email);
  if (withWorker) await waitForWorkerControl(tabB);
  await visit(tabA, '/handler/account-settings');
  await tabA.waitForSelector('::-p-aria(Display name)');
  return { tabA, tabB };
}

test('a display name saved in tab A shows in tab B without a reload', async ({ firefoxContext }) => {
  const { tabA, tabB } = await twoTabs(firefoxContext, 'ff-edit-name', true);
  const delay = await saveNameAndTime(tabA, tabB, `Ada ${Date.now().toString(36)}`);
  console.log(`firefox user edit: tab B showed the new display name ${delay.toFixed(1)} ms after the click in tab A`);
  expect(delay).toBeGreaterThan(0);
  expect(delay).toBeLessThan(2_000);
});

test.describe('without service workers (as in a private window)', () => {
  let noWorkers: Browser;
  test.beforeAll(async () => {
    noWorkers = await launchFirefox({ prefs: { 'dom.serviceWorkers.enabled': false } });
  });
  test.afterAll(async () => {
    await noWorkers.close();
  });

  test('the page-hosted tabs follow each other too', async () => {
    const context = await noWorkers.createBrowserContext();
    const { tabA, tabB } = await twoTabs(context, 'ff-edit-name-paged', false);
    const delay = await saveNameAndTime(tabA, tabB, 'Page-hosted Ada');
    console.log(`firefox user edit, page-hosted: tab B showed the new display name ${delay.toFixed(1)} ms after the click in tab A`);
    expect(delay).toBeLessThan(2_000);
    await context.close();
  });
});

// The demo's pages as the Firefox stories use them (puppeteer's counterparts of e2e/support/app.ts).
import type { Page } from 'puppeteer-core';
import { PASSWORD } from '../../support/app.ts';
import { DEMO_URL, EMULATOR_URL } from '../../support/ports.ts';

export { PASSWORD };

export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${DEMO_URL}${path}`);
}

/** A form field by the exact text of its label, as a user finds it (Firefox gives password fields no textbox role). */
export async function fieldSelector(page: Page, label: string): Promise<string> {
  const id = await page.waitForFunction(
    (text) => Array.from(document.querySelectorAll('label')).find((element) => element.textContent?.trim() === text)?.control?.id || false,
    {},
    label,
  );
  return `[id="${String(await id.jsonValue())}"]`;
}

export async function fill(page: Page, label: string, value: string): Promise<void> {
  await page.locator(await fieldSelector(page, label)).fill(value);
}

export async function clickButton(page: Page, name: string): Promise<void> {
  await page.locator(`::-p-aria(${name}[role="button"])`).click();
}

/** Waits until the element with `data-testid` shows exactly `text`. */
export async function waitForTestIdText(page: Page, testId: string, text: string): Promise<void> {
  await page.waitForFunction(
    (id, expected) => document.querySelector(`[data-testid="${id}"]`)?.textContent === expected,
    {},
    testId,
    text,
  );
}

export async function waitForTestId(page: Page, testId: string): Promise<void> {
  await page.waitForSelector(`[data-testid="${testId}"]`);
}

/** Waits until an element with `role` contains `text` (alerts, status lines). */
export async function waitForRoleText(page: Page, role: 'alert' | 'status', text: string): Promise<void> {
  await page.waitForFunction(
    (r, expected) => Array.from(document.querySelectorAll(`[role="${r}"]`)).some((element) => element.textContent?.includes(expected)),
    {},
    role,
    text,
  );
}

export async function waitForWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller);
}

export async function isControlled(page: Page): Promise<boolean> {
  return page.evaluate(() => !!navigator.serviceWorker?.controller);
}

export async function signUp(page: Page, email: string): Promise<void> {
  await visit(page, '/handler/sign-up');
  await fill(page, 'E-mail', email);
  await fill(page, 'Password', PASSWORD);
  await clickButton(page, 'Sign up');
  await waitForTestIdText(page, 'user-email', email);
}

export async function signIn(page: Page, email: string): Promise<void> {
  await visit(page, '/handler/sign-in');
  await fill(page, 'E-mail', email);
  await fill(page, 'Password', PASSWORD);
  await clickButton(page, 'Sign in');
}

/** Calls the API from page code exactly as an app would: no headers of its own. */
export async function pageFetch(page: Page, path: string): Promise<{ status: number; body: string }> {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, body: await response.text() };
  }, `${EMULATOR_URL}/api/v1${path}`);
}

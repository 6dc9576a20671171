// The demo's pages as the Firefox stories use them: a puppeteer page as an EngineTab, and the shared flows on it.
import type { BrowserContext, Page } from 'puppeteer-core';
import { openTab } from './firefox.ts';
import * as flows from '../../support/engine-tab.ts';
import { labelledControlId, type EngineTab } from '../../support/engine-tab.ts';
import { PASSWORD } from '../../support/app.ts';
import type { OpenTab } from '../../support/core-stories.ts';
import { DEMO_URL } from '../../support/ports.ts';

export { PASSWORD };

/** A form field by the exact text of its label, as a user finds it. */
export async function fieldSelector(page: Page, label: string): Promise<string> {
  const id = await page.waitForFunction(labelledControlId, {}, label);
  return `[id="${String(await id.jsonValue())}"]`;
}

/** A puppeteer page as the shared flows drive it. */
export function firefoxTab(page: Page): EngineTab {
  return {
    visit: async (path) => void (await page.goto(`${DEMO_URL}${path}`)),
    reload: async () => void (await page.reload()),
    evaluate: (fn, ...args) => page.evaluate(fn as (...a: unknown[]) => unknown, ...args) as never,
    waitFor: async (predicate, ...args) => void (await page.waitForFunction(predicate as (...a: unknown[]) => unknown, {}, ...args)),
    fill: async (label, value) => page.locator(await fieldSelector(page, label)).fill(value),
    clickButton: (name) => page.locator(`::-p-aria(${name}[role="button"])`).click(),
    press: (key) => page.keyboard.press(key),
  };
}

/** Opens tabs of `context` for the shared stories. */
export function firefoxTabs(context: BrowserContext): OpenTab {
  return async () => firefoxTab(await openTab(context));
}

export const visit = (page: Page, path: string) => firefoxTab(page).visit(path);
export const fill = (page: Page, label: string, value: string) => firefoxTab(page).fill(label, value);
export const clickButton = (page: Page, name: string) => firefoxTab(page).clickButton(name);
export const waitForTestIdText = (page: Page, testId: string, text: string) => flows.waitForTestIdText(firefoxTab(page), testId, text);
export const waitForTestId = (page: Page, testId: string) => flows.waitForTestId(firefoxTab(page), testId);
export const waitForRoleText = (page: Page, role: 'alert' | 'status', text: string) => flows.waitForRoleText(firefoxTab(page), role, text);
export const waitForWorkerControl = (page: Page) => flows.waitForWorkerControl(firefoxTab(page));
export const isControlled = (page: Page) => flows.isControlled(firefoxTab(page));
export const signUp = (page: Page, email: string) => flows.signUp(firefoxTab(page), email);
export const pageFetch = (page: Page, path: string) => flows.pageFetch(firefoxTab(page), path);

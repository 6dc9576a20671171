// One tab of the demo as the Firefox and WebKit stories drive it, whichever library drives the engine
// (puppeteer-core over BiDi, selenium-webdriver over WebDriver classic): the flows they share are written once here.
import { PASSWORD } from './app.ts';
import { EMULATOR_URL } from './ports.ts';

/** What a story needs of a tab; `evaluate` and `waitFor` functions run in the page, so they use only their arguments. */
export interface EngineTab {
  /** Loads a path of the demo and waits for its load event. */
  visit(path: string): Promise<void>;
  reload(): Promise<void>;
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  /** Waits until `predicate` returns something truthy in the page (the suite's 15 s). */
  waitFor<A extends unknown[]>(predicate: (...args: A) => unknown, ...args: A): Promise<void>;
  /** Types `value` into the form field labelled exactly `label`, as a user does. */
  fill(label: string, value: string): Promise<void>;
  /** Clicks the button named `name`. */
  clickButton(name: string): Promise<void>;
  /** Presses a key in the focused element. */
  press(key: 'Enter'): Promise<void>;
}

/** In the page: the id of the control whose label reads exactly `label`, or false (password fields have no textbox role in Firefox). */
export function labelledControlId(label: string): string | false {
  return Array.from(document.querySelectorAll('label')).find((element) => element.textContent?.trim() === label)?.control?.id || false;
}

/** In the page: focuses the tab named `name` (a focused tab is the chosen one), reporting whether it was there. */
function focusTab(name: string): boolean {
  const found = Array.from(document.querySelectorAll<HTMLElement>('[role="tab"]')).find((element) => element.textContent === name);
  found?.focus();
  return document.querySelector('[role="tab"][aria-selected="true"]')?.textContent === name;
}

/** Chooses the method tab named `name` of the sign-in card as a keyboard user does. */
export async function chooseTab(tab: EngineTab, name: string): Promise<void> {
  await tab.waitFor(focusTab, name);
}

export async function waitForTestIdText(tab: EngineTab, testId: string, text: string): Promise<void> {
  await tab.waitFor((id, expected) => document.querySelector(`[data-testid="${id}"]`)?.textContent === expected, testId, text);
}

export async function waitForTestId(tab: EngineTab, testId: string): Promise<void> {
  await tab.waitFor((id) => !!document.querySelector(`[data-testid="${id}"]`), testId);
}

/** Waits until an element with `role` contains `text` (alerts, status lines). */
export async function waitForRoleText(tab: EngineTab, role: 'alert' | 'status', text: string): Promise<void> {
  await tab.waitFor((r, expected) => Array.from(document.querySelectorAll(`[role="${r}"]`)).some((element) => element.textContent?.includes(expected)), role, text);
}

export async function waitForWorkerControl(tab: EngineTab): Promise<void> {
  await tab.waitFor(() => !!navigator.serviceWorker?.controller);
}

export async function isControlled(tab: EngineTab): Promise<boolean> {
  return tab.evaluate(() => !!navigator.serviceWorker?.controller);
}

export async function signUp(tab: EngineTab, email: string): Promise<void> {
  await tab.visit('/handler/sign-up');
  await tab.fill('E-mail', email);
  await tab.fill('Password', PASSWORD);
  await tab.clickButton('Sign up');
  await waitForTestIdText(tab, 'user-email', email);
}

/** Calls the API from page code exactly as an app would: no headers of its own. */
export async function pageFetch(tab: EngineTab, path: string): Promise<{ status: number; body: string }> {
  return tab.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, body: await response.text() };
  }, `${EMULATOR_URL}/api/v1${path}`);
}

/** In the page: notes (timeOrigin + now) when the DOM first shows signed-out: a MutationObserver, not rAF, which a background tab throttles. */
export function noteWhenSignedOut(): void {
  const observer = new MutationObserver(() => {
    if (document.querySelector('[data-testid="signed-out"]')) {
      Reflect.set(window, 'signedOutAt', performance.timeOrigin + performance.now());
      observer.disconnect();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
}

/** In the page: the time noteWhenSignedOut noted. */
export function signedOutAt(): number {
  return Number(Reflect.get(window, 'signedOutAt'));
}

/** In the page: clicks Sign out, and returns when, on the clock noteWhenSignedOut uses in any tab. */
export function clickSignOut(): number {
  const at = performance.timeOrigin + performance.now();
  Array.from(document.querySelectorAll('button'))
    .find((button) => button.textContent === 'Sign out')
    ?.click();
  return at;
}

/** Signs out in `clicking` and returns how long after the click `watching` showed signed-out (ms). */
export async function crossTabSignOutDelay(watching: EngineTab, clicking: EngineTab): Promise<number> {
  await watching.evaluate(noteWhenSignedOut);
  const clickedAt = await clicking.evaluate(clickSignOut);
  await waitForTestId(watching, 'signed-out');
  await waitForTestId(clicking, 'signed-out');
  return (await watching.evaluate(signedOutAt)) - clickedAt;
}

/** In the page: notes (timeOrigin + now) when the element at `selector` first reads exactly `text` (a MutationObserver). */
export function noteWhenShown({ selector, text }: { selector: string; text: string }): void {
  Reflect.deleteProperty(window, 'shownAt');
  const observer = new MutationObserver(() => check());
  const check = () => {
    if (document.querySelector(selector)?.textContent !== text) return;
    Reflect.set(window, 'shownAt', performance.timeOrigin + performance.now());
    observer.disconnect();
  };
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  check();
}

/** In the page: the time noteWhenShown noted, or 0 while it has not. */
export function shownAt(): number {
  return Number(Reflect.get(window, 'shownAt') ?? 0);
}

/** In the page: clicks the button named `name`, and returns when, on the clock noteWhenShown uses in any tab. */
export function clickButtonAt(name: string): number {
  const at = performance.timeOrigin + performance.now();
  Array.from(document.querySelectorAll('button'))
    .find((button) => button.textContent === name)
    ?.click();
  return at;
}

/** The name on the demo's account button in its header: the user's display name, else the primary e-mail. */
export const ACCOUNT_BUTTON = '[data-testid="header-signed-in"] button .aw-who > span:first-child';

/** Saves `name` as the display name on the account page of `editing`; returns how long after the click `watching` showed it (ms). */
export async function crossTabEditDelay(watching: EngineTab, editing: EngineTab, name: string): Promise<number> {
  await editing.fill('Display name', name);
  await watching.evaluate(noteWhenShown, { selector: ACCOUNT_BUTTON, text: name });
  const clickedAt = await editing.evaluate(clickButtonAt, 'Save profile');
  await watching.waitFor(shownAt);
  await waitForRoleText(editing, 'status', 'Saved.');
  return (await watching.evaluate(shownAt)) - clickedAt;
}

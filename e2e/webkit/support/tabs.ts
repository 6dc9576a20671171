// WebKit tabs as the shared flows drive them (e2e/support/engine-tab.ts). WebDriver classic talks to one window at a
// time, so every call first makes its tab the driver's current window; the tabs of one session share its storage and
// service worker, as a browser's tabs do.
import { By, Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { labelledControlId, type EngineTab } from '../../support/engine-tab.ts';
import type { OpenTab } from '../../support/core-stories.ts';
import { DEMO_URL } from '../../support/ports.ts';

const WAIT_MS = 15_000;
const POLL_MS = 25;
const KEYS = { Enter: Key.ENTER } as const;

/** In the page: the enabled button named `name` (its text, or its aria-label), or null. */
function buttonNamed(name: string): HTMLButtonElement | null {
  const named = (button: HTMLButtonElement) => (button.getAttribute('aria-label') ?? button.textContent?.trim()) === name;
  return Array.from(document.querySelectorAll('button')).find((button) => named(button) && !button.disabled) ?? null;
}

/** Which window of the session the driver talks to now. */
interface Focus {
  current: string | null;
}

/** Opens tabs of the session for the shared stories: its first window the first time, a new tab after that. */
export function webkitTabs(driver: WebDriver): OpenTab {
  const focus: Focus = { current: null };
  return async () => {
    if (focus.current !== null) await driver.switchTo().newWindow('tab');
    focus.current = await driver.getWindowHandle();
    return webkitTab(driver, focus.current, focus);
  };
}

function webkitTab(driver: WebDriver, handle: string, focused: Focus): EngineTab {
  const focus = async () => {
    if (focused.current === handle) return;
    await driver.switchTo().window(handle);
    focused.current = handle;
  };
  const evaluate = async <A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> => {
    await focus();
    return driver.executeScript<Awaited<R>>(fn, ...args);
  };
  /** Polls from the driver (WebDriver classic has no page events): a background tab's own timers are throttled. */
  const waitUntil = async <T>(probe: () => Promise<T | null | false | undefined>, what: string): Promise<T> => {
    const deadline = Date.now() + WAIT_MS;
    let lastError: unknown;
    for (;;) {
      try {
        const found = await probe();
        if (found) return found;
      } catch (error) {
        // A navigation in progress interrupts a script; an error that lasts shows in the timeout message.
        lastError = error;
      }
      if (Date.now() > deadline) throw new Error(`${what} in ${WAIT_MS} ms${lastError instanceof Error ? ` (last error: ${lastError.message})` : ''}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  return {
    visit: async (path) => {
      await focus();
      await driver.get(`${DEMO_URL}${path}`);
    },
    reload: async () => {
      await focus();
      await driver.navigate().refresh();
    },
    evaluate,
    waitFor: async (predicate, ...args) => {
      await waitUntil(() => evaluate(predicate, ...args), `never true in the page: ${predicate.toString().slice(0, 120)}`);
    },
    fill: async (label, value) => {
      const id = await waitUntil(() => evaluate(labelledControlId, label), `no field labelled ${label}`);
      const field = await driver.findElement(By.id(id));
      await field.clear();
      await field.sendKeys(value);
    },
    clickButton: async (name) => {
      const button = await waitUntil(() => evaluate(buttonNamed, name) as Promise<WebElement | null>, `no enabled button named ${name}`);
      await button.click();
    },
    press: async (key) => {
      await focus();
      await driver.switchTo().activeElement().sendKeys(KEYS[key]);
    },
  };
}

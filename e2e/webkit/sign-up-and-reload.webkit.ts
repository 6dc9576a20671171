import { By, type WebDriver, type WebElement } from 'selenium-webdriver';
import { expect, test } from './support/webkit.ts';
import { PASSWORD, uniqueEmail } from '../support/app.ts';
import { DEMO_URL } from '../support/ports.ts';

const WAIT_MS = 15_000;

/** The form field whose label reads exactly `label`, as a user finds it. */
async function field(driver: WebDriver, label: string): Promise<WebElement> {
  const found = await driver.wait(
    async () =>
      (await driver.executeScript<WebElement | null>(
        'return Array.from(document.querySelectorAll("label")).find((l) => l.textContent.trim() === arguments[0])?.control ?? null',
        label,
      )) ?? false,
    WAIT_MS,
    `no field labelled ${label}`,
  );
  if (!found) throw new Error(`no field labelled ${label}`);
  return found;
}

async function testIdText(driver: WebDriver, testId: string, text: string): Promise<void> {
  await driver.wait(
    async () => (await driver.findElements(By.css(`[data-testid="${testId}"]`))).length > 0 && (await driver.findElement(By.css(`[data-testid="${testId}"]`)).getText()) === text,
    WAIT_MS,
    `${testId} never read ${text}`,
  );
}

async function workerControls(driver: WebDriver): Promise<boolean> {
  return driver.executeScript<boolean>('return !!navigator.serviceWorker?.controller');
}

test('WebKit: sign up, reload: still signed in, and the worker controls the page', async ({ webkit }) => {
  const email = uniqueEmail('wk-reload');
  await webkit.get(`${DEMO_URL}/handler/sign-up`);
  await (await field(webkit, 'E-mail')).sendKeys(email);
  await (await field(webkit, 'Password')).sendKeys(PASSWORD);
  await webkit.findElement(By.xpath('//button[normalize-space(.)="Sign up"]')).click();
  await testIdText(webkit, 'user-email', email);
  await webkit.wait(() => workerControls(webkit), WAIT_MS, 'the worker never took control');

  await webkit.navigate().refresh();
  await testIdText(webkit, 'user-email', email);
  expect(await workerControls(webkit)).toBe(true);
});

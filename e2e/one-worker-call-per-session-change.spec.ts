import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';

interface CallLog {
  /** Messages the page posted to a service worker: each worker call opens one channel with one. */
  connects: number;
  /** The methods the page called on the worker's API (Comlink APPLY messages), in order. */
  methods: string[];
}

function recordWorkerCalls(): void {
    const log: CallLog = { connects: 0, methods: [] };
    (window as unknown as { workerCalls: CallLog }).workerCalls = log;
    const toWorker = ServiceWorker.prototype.postMessage as (this: ServiceWorker, ...args: unknown[]) => void;
    ServiceWorker.prototype.postMessage = function (this: ServiceWorker, ...args: unknown[]) {
      log.connects += 1;
      return toWorker.apply(this, args);
    } as typeof ServiceWorker.prototype.postMessage;
    const onPort = MessagePort.prototype.postMessage as (this: MessagePort, ...args: unknown[]) => void;
    MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
      const message = args[0] as { type?: unknown; path?: unknown } | null;
      if (message?.type === 'APPLY' && Array.isArray(message.path)) log.methods.push(String(message.path[0]));
      return onPort.apply(this, args);
    } as typeof MessagePort.prototype.postMessage;
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { workerCalls: CallLog }).workerCalls);

test('a password sign-in and a sign-out each make one page-to-worker call', async ({ page, context }) => {
  await context.addInitScript(recordWorkerCalls);
  const email = uniqueEmail('one-call');
  await signUp(page, email);
  await waitForWorkerControl(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();

  await page.goto('/handler/sign-in');
  // Start-up calls (hello) are answered once the page knows the session.
  await expect(page.getByTestId('session-status')).toHaveText('signed-out');
  const reset = () => page.evaluate(() => Object.assign((window as unknown as { workerCalls: CallLog }).workerCalls, { connects: 0, methods: [] }));
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await reset();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('user-email')).toHaveText(email);
  expect(await calls(page)).toEqual({ connects: 1, methods: ['signInWithCredential'] });

  await reset();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();
  expect(await calls(page)).toEqual({ connects: 1, methods: ['signOut'] });
});

test('a signed-in page load asks the worker once (hello) before it shows the user', async ({ page, context }) => {
  const email = uniqueEmail('one-call-load');
  await signUp(page, email);
  await waitForWorkerControl(page);
  await context.addInitScript(recordWorkerCalls);
  // Recorded the moment the e-mail is in the DOM, before anything the page does after its first render.
  await context.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      if (!document.querySelector('[data-testid="user-email"]')) return;
      const log = (window as unknown as { workerCalls: { methods: string[] } }).workerCalls;
      (window as unknown as { callsAtRender: string[] }).callsAtRender = [...log.methods];
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(page.getByTestId('user-email')).toHaveText(email);
  expect(await page.evaluate(() => (window as unknown as { callsAtRender: string[] }).callsAtRender)).toEqual(['hello']);
});

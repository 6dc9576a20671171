import { expect, test } from '@playwright/test';
import { PASSWORD, signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';

interface CallLog {
  /** Messages the page posted to a service worker: each worker call opens one channel with one. */
  connects: number;
  /** The methods the page called on the worker's API (Comlink APPLY messages), in order. */
  methods: string[];
}

test('a password sign-in and a sign-out each make one page-to-worker call', async ({ page, context }) => {
  await context.addInitScript(() => {
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
  });
  const email = uniqueEmail('one-call');
  await signUp(page, email);
  await waitForWorkerControl(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();

  await page.goto('/handler/sign-in');
  // Start-up calls (hello) are answered once the page knows the session.
  await expect(page.getByTestId('session-status')).toHaveText('signed-out');
  const reset = () => page.evaluate(() => Object.assign((window as unknown as { workerCalls: CallLog }).workerCalls, { connects: 0, methods: [] }));
  const calls = () => page.evaluate(() => (window as unknown as { workerCalls: CallLog }).workerCalls);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await reset();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('user-email')).toHaveText(email);
  expect(await calls()).toEqual({ connects: 1, methods: ['signInWithCredential'] });

  await reset();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();
  expect(await calls()).toEqual({ connects: 1, methods: ['signOut'] });
});

import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';

test('an idle signed-in tab polls nothing: no intervals, no requests (unlike cookie- or IndexedDB-polling clients)', async ({ page, context }) => {
  await context.addInitScript(() => {
    const intervals: number[] = [];
    (window as unknown as { intervals: number[] }).intervals = intervals;
    const original = window.setInterval.bind(window);
    window.setInterval = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
      intervals.push(timeout ?? 0);
      return original(handler, timeout, ...args);
    }) as typeof window.setInterval;
  });
  const email = uniqueEmail('idle');
  await signUp(page, email);
  await waitForWorkerControl(page);
  await page.reload();
  // The load ends with the user read (the session shows signed-in a moment before it): idleness starts after it.
  await expect(page.getByTestId('user-email')).toHaveText(email);
  // A user shown from the worker's stored copy is then revalidated once: that request is the load's too.
  await page.waitForLoadState('networkidle');

  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  await page.waitForTimeout(1500); // observing idleness needs time to pass: nothing else to wait for
  expect(requests).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { intervals: number[] }).intervals)).toEqual([]);
});

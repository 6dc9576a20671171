import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';
import { DEMO_PORT, EMULATOR_PORT } from './support/ports.ts';

// With third-party cookies blocked (as here), Chromium denies a third-party iframe storage and service
// workers outright: the app must still start there (in-page mode, signed out), not crash.
test('the app in a third-party iframe starts signed out in the page while the first-party tab stays signed in', async ({ page, context }) => {
  const email = uniqueEmail('iframe');
  await signUp(page, email);
  await waitForWorkerControl(page);

  // Another site (127.0.0.1 is not localhost) embeds the app.
  const embedder = await context.newPage();
  const warnings: string[] = [];
  embedder.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await embedder.goto(`http://127.0.0.1:${EMULATOR_PORT}/emulator/outbox`);
  await embedder.evaluate((src) => {
    const iframe = document.createElement('iframe');
    iframe.src = src;
    document.body.replaceChildren(iframe);
  }, `http://localhost:${DEMO_PORT}/`);
  const frame = embedder.frameLocator('iframe');
  await expect(frame.getByTestId('signed-out')).toBeVisible();
  expect(warnings.some((text) => text.includes('the session runs in the page'))).toBe(true);

  await page.goto('/');
  await expect(page.getByTestId('user-email')).toHaveText(email);
  await expect(frame.getByTestId('user-email')).toHaveCount(0);
});

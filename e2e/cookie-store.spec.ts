import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/app.ts';

const PROJECT_ID = 'dfa45225-c0f9-490d-98d7-d2c978934c58';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('authworker-demo-token-store', 'cookie'));
});

test('cookie store: sign-in writes the official cookies with their lifetimes; tabs follow each other', async ({ context }) => {
  const tabA = await context.newPage();
  const email = uniqueEmail('cookies');
  await signUp(tabA, email);
  expect(await tabA.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

  const nowS = Date.now() / 1000;
  const cookies = await context.cookies();
  const refresh = cookies.find((c) => c.name === `stack-refresh-${PROJECT_ID}`);
  const access = cookies.find((c) => c.name === 'stack-access');
  expect(refresh?.value).toMatch(/^[0-9a-z]{45}$/);
  expect(refresh?.expires).toBeGreaterThan(nowS + 31_536_000 - 120);
  expect(refresh?.expires).toBeLessThan(nowS + 31_536_000 + 120);
  expect(access?.expires).toBeGreaterThan(nowS + 86_400 - 120);
  expect(access?.expires).toBeLessThan(nowS + 86_400 + 120);
  const pair = JSON.parse(decodeURIComponent(access?.value ?? '')) as string[];
  expect(pair[0]).toBe(refresh?.value);
  expect(pair[1]).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

  const tabB = await context.newPage();
  await tabB.goto('/');
  await expect(tabB.getByTestId('user-email')).toHaveText(email);

  // Another client on the domain (the official SDK, say) signs out by deleting the cookies: no
  // broadcast reaches us, the 100 ms re-read does.
  await context.clearCookies();
  const started = Date.now();
  await expect(tabA.getByTestId('signed-out')).toBeVisible();
  await expect(tabB.getByTestId('signed-out')).toBeVisible();
  console.log(`cookie store: both tabs showed signed-out ${Date.now() - started} ms after the cookies were removed`);
});

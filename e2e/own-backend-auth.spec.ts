import { expect, test } from '@playwright/test';
import { advanceEmulatorClock, signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';
import { APP_API_URL } from './support/ports.ts';

const APP_API = APP_API_URL;

test("the app's own backend gets x-stack-auth on its configured prefix only, and resolves the user", async ({ page }) => {
  const email = uniqueEmail('own-backend');
  await signUp(page, email);
  await waitForWorkerControl(page);

  const seen = await page.evaluate(async () => {
    const json = async (path: string) => (await fetch(path)).json() as Promise<Record<string, unknown>>;
    return { app: await json('/app-api/echo'), other: await json('/other-api/echo'), me: await json('/app-api/me') };
  });
  const forwarded = JSON.parse(String(seen.app['xStackAuth'])) as { accessToken: string; refreshToken: string | null };
  expect(forwarded.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(forwarded.refreshToken).toBeNull();
  expect(seen.other['xStackAuth']).toBeNull();
  expect(seen.me).toMatchObject({ primaryEmail: email });

  // The server refuses a tampered token, and an expired one (there is no refresh token to renew it).
  const [header, payload, signature] = forwarded.accessToken.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
  const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${signature}`;
  const asServer = (accessToken: string) => fetch(`${APP_API}/app-api/me`, { headers: { 'x-stack-auth': JSON.stringify({ accessToken, refreshToken: null }) } });
  expect((await asServer(forwarded.accessToken)).status).toBe(200);
  expect((await asServer(forged)).status).toBe(401);
  await advanceEmulatorClock(11 * 60 * 1000);
  expect((await asServer(forwarded.accessToken)).status).toBe(401);
});

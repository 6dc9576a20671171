import { resolve } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createUserAtApi, EMULATOR_URL, PASSWORD, uniqueEmail, waitForWorkerControl } from './support/app.ts';
import { openOfficialPage, PROJECT_ID, serveInteropPages, type InteropServer, type OfficialPage } from './support/interop-pages.ts';

// Users signed in with the published @stackframe/js (its cookie store) stay signed in when the app switches to
// authworker. The official client's page runs on another port of the demo's host, so both share the cookies.
test.describe.configure({ mode: 'serial' });
let interop: InteropServer;

// The app switching from the official SDK turns the takeover on (off by default).
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('authworker-demo-migrate', 'on'));
});

test.beforeAll(async () => {
  interop = await serveInteropPages(resolve(import.meta.dirname, '../test-results/interop-page-takeover'));
});
test.afterAll(async () => {
  await interop.close();
});

/** A user signs in with the official client, which stores the session in its cookies; then that app is gone. */
async function signInWithTheOfficialClient(context: BrowserContext, email: string): Promise<void> {
  await createUserAtApi(email);
  const official = await context.newPage();
  await openOfficialPage(official, interop.port, EMULATOR_URL);
  expect(await official.evaluate(({ e, p }) => (window as unknown as OfficialPage).official.signIn(e, p), { e: email, p: PASSWORD })).toBe('ok');
  // The 2.8 client on http: its structured refresh cookie and its access cookie.
  expect((await context.cookies()).map((c) => c.name).sort()).toEqual(['hexclave-access', `hexclave-refresh-${PROJECT_ID}--default`]);
  await official.close();
}

/** The names of the session cookies of the browser (any project), sorted. */
async function sessionCookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((c) => c.name).filter((name) => /refresh|access/.test(name)).sort();
}

async function pageCookieText(page: Page): Promise<string> {
  return page.evaluate(() => document.cookie);
}

test('worker mode: the worker takes the session over, the first load shows the user, and no old cookie is left for page script to read', async ({ context }) => {
  const email = uniqueEmail('takeover-worker');
  await signInWithTheOfficialClient(context, email);
  const refreshToken = JSON.parse(decodeURIComponent((await context.cookies()).find((c) => c.name.startsWith('hexclave-refresh-'))?.value ?? '{}')) as { refresh_token?: string };
  // The very first getUser() (called the moment the app exists) and the first state useUser renders.
  await context.addInitScript(() => {
    const seen = window as unknown as { firstGetUser?: Promise<string | null>; firstRendered?: string };
    Object.defineProperty(window, 'authworkerDemoApp', {
      configurable: true,
      set(app: { getUser(): Promise<{ primaryEmail: string | null } | null> }) {
        seen.firstGetUser = app.getUser().then((user) => user?.primaryEmail ?? null);
      },
    });
    new MutationObserver(() => {
      seen.firstRendered ??= document.querySelector('[data-testid="user-email"]') ? 'user' : document.querySelector('[data-testid="signed-out"]') ? 'signed-out' : undefined;
    }).observe(document, { childList: true, subtree: true });
  });

  const app = await context.newPage();
  await app.goto('/');
  await expect(app.getByTestId('user-email')).toHaveText(email);
  expect(await app.evaluate(() => (window as unknown as { firstGetUser?: Promise<string | null> }).firstGetUser)).toBe(email);
  expect(await app.evaluate(() => (window as unknown as { firstRendered?: string }).firstRendered)).toBe('user');
  await expect.poll(() => sessionCookieNames(context)).toEqual([]);
  expect(await pageCookieText(app)).not.toContain(refreshToken.refresh_token ?? 'no refresh token read');

  // The session is the worker's now: a reload (and a controlled page) keeps it.
  await waitForWorkerControl(app);
  await app.reload();
  await expect(app.getByTestId('user-email')).toHaveText(email);
  expect(await sessionCookieNames(context)).toEqual([]);
});

test("cookie mode: authworker keeps the official session in the cookies both clients read, and the 2.8 client's own spelling goes", async ({ context }) => {
  const email = uniqueEmail('takeover-cookie');
  await signInWithTheOfficialClient(context, email);
  await context.addInitScript(() => localStorage.setItem('authworker-demo-token-store', 'cookie'));

  const app = await context.newPage();
  await app.goto('/');
  await expect(app.getByTestId('user-email')).toHaveText(email);
  await expect.poll(() => sessionCookieNames(context)).toEqual(['stack-access', `stack-refresh-${PROJECT_ID}`]);
  await app.reload();
  await expect(app.getByTestId('user-email')).toHaveText(email);
});

test("an unusable official session is ignored and its cookies deleted; another project's session is left alone", async ({ context, baseURL }) => {
  const url = baseURL ?? '';
  await context.addCookies([
    { name: `stack-refresh-${PROJECT_ID}`, value: 'r'.repeat(45), url },
    { name: 'stack-refresh-other-project', value: 'o'.repeat(45), url },
  ]);
  const errors: string[] = [];
  const app = await context.newPage();
  app.on('pageerror', (error) => errors.push(error.message));
  await app.goto('/');
  await expect(app.getByTestId('signed-out')).toBeVisible();
  await expect.poll(() => sessionCookieNames(context)).toEqual(['stack-refresh-other-project']);
  await expect(app.getByTestId('user-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a planted official cookie signs nobody in: not without migrateOfficialSession, nor after the worker\'s first start', async ({ context, baseURL }) => {
  const url = baseURL ?? '';
  const attacker = await createUserAtApi(uniqueEmail('takeover-attacker'));
  const plant = () => context.addCookies([{ name: `stack-refresh-${PROJECT_ID}`, value: attacker.refreshToken, url }]);
  const app = await context.newPage();

  // An app that did not ask for the migration (the default) never reads the cookie.
  await app.addInitScript(() => localStorage.setItem('authworker-demo-migrate', 'off'));
  await plant();
  await app.goto('/');
  await expect(app.getByTestId('signed-out')).toBeVisible();
  await waitForWorkerControl(app);
  expect(await sessionCookieNames(context)).toEqual([`stack-refresh-${PROJECT_ID}`]);

  // The app turns it on later: the worker's first start is behind it, so the cookie is still not adopted.
  await app.evaluate(() => localStorage.setItem('authworker-demo-migrate', 'on'));
  await app.addInitScript(() => localStorage.setItem('authworker-demo-migrate', 'on'));
  await app.reload();
  await expect(app.getByTestId('signed-out')).toBeVisible();
  await expect.poll(() => sessionCookieNames(context)).toEqual([]);
  await plant();
  await app.reload();
  await expect(app.getByTestId('signed-out')).toBeVisible();
});

import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { resolve } from 'node:path';
import { createUserAtApi, EMULATOR_URL, PASSWORD, signUp, uniqueEmail } from './support/app.ts';
import { openOfficialPage, pageQuery, PROJECT_ID, serveInteropPages, type InteropServer, type OfficialPage } from './support/interop-pages.ts';

// Same host as the demo (cookies ignore ports), another port; one server for all tests.
test.describe.configure({ mode: 'serial' });
let interop: InteropServer;
let port = 0;

interface OurPage {
  ours: { email(): Promise<string | null>; signUp(e: string, p: string): Promise<string>; signOut(): Promise<void> };
}

test.beforeAll(async () => {
  interop = await serveInteropPages(resolve(import.meta.dirname, '../test-results/interop-page'));
  port = interop.port;
});
test.afterAll(async () => {
  await interop.close();
});

const officialPage = (page: Page) => openOfficialPage(page, port, EMULATOR_URL);

test.describe('on http, with the demo', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => localStorage.setItem('authworker-demo-token-store', 'cookie'));
  });

  test('the official client picks up the session authworker stored in cookies and shows our user', async ({ context }) => {
    const email = uniqueEmail('interop-ours');
    const ours = await context.newPage();
    await signUp(ours, email);
    const refreshToken = (await context.cookies()).find((c) => c.name === `stack-refresh-${PROJECT_ID}`)?.value;
    expect(refreshToken).toMatch(/^[0-9a-z]{45}$/);

    const refreshes: { refreshToken: string; claims: Record<string, unknown> }[] = [];
    await context.route(`${EMULATOR_URL}/api/v1/auth/oauth/token`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { access_token?: string };
      const payload = body.access_token?.split('.')[1] ?? '';
      refreshes.push({
        refreshToken: new URLSearchParams(route.request().postData() ?? '').get('refresh_token') ?? '',
        claims: payload ? (JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>) : {},
      });
      await route.fulfill({ response });
    });
    const official = await context.newPage();
    await officialPage(official);
    // The emulator now issues the current claim set by default, so the 2.8 client takes our access cookie as it is;
    // whenever it refreshes, it does so with our refresh token.
    expect(await official.evaluate(() => (window as unknown as OfficialPage).official.email())).toBe(email);
    expect(refreshes.filter((r) => r.refreshToken !== refreshToken)).toEqual([]);
    // Our tabs keep the session, also after a reload.
    await ours.reload();
    await expect(ours.getByTestId('user-email')).toHaveText(email);
  });

  test('authworker in cookie mode reads a session the official client stored', async ({ context }) => {
    const email = uniqueEmail('interop-theirs');
    const setup = await context.newPage();
    await signUp(setup, email);
    await setup.getByRole('button', { name: 'Sign out' }).click();
    await expect(setup.getByTestId('signed-out')).toBeVisible();

    const official = await context.newPage();
    await officialPage(official);
    const result = await official.evaluate(
      ({ email, password }) => (window as unknown as OfficialPage).official.signIn(email, password),
      { email, password: PASSWORD },
    );
    expect(result).toBe('ok');
    await expect(setup.getByTestId('user-email')).toHaveText(email);
  });
});

test.describe('on https (__Host- cookies)', () => {
  // Playwright answers both origins itself, so the pages are secure contexts without a certificate.
  const APP = 'https://app.interop.test';
  const API = 'https://api.interop.test';

  async function serveOverHttps(context: BrowserContext): Promise<void> {
    await context.route(`${APP}/**`, async (route) => {
      const url = new URL(route.request().url());
      await route.fulfill({ response: await route.fetch({ url: `http://localhost:${port}${url.pathname}${url.search}` }) });
    });
    await context.route(`${API}/**`, async (route) => {
      const url = new URL(route.request().url());
      await route.fulfill({ response: await route.fetch({ url: `${EMULATOR_URL}${url.pathname}${url.search}` }) });
    });
  }

  async function open(context: BrowserContext, file: 'index.html' | 'ours.html'): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${APP}/${file}${pageQuery(API)}`);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    return page;
  }

  /** The session cookies the page sees, name -> number of copies (a partitioned and an unpartitioned one would be 2). */
  async function sessionCookies(page: Page): Promise<Record<string, number>> {
    return page.evaluate(() => {
      const counts: Record<string, number> = {};
      for (const part of document.cookie.split('; ')) {
        const name = part.slice(0, part.indexOf('='));
        if (/refresh|access/.test(name)) counts[name] = (counts[name] ?? 0) + 1;
      }
      return counts;
    });
  }

  test('both clients share one session through __Host-hexclave-refresh-<id>--default, sign-in and sign-out included', async ({ context }) => {
    await serveOverHttps(context);
    const hostCookie = `__Host-hexclave-refresh-${PROJECT_ID}--default`;
    const officialEmail = (page: Page) => page.evaluate(() => (window as unknown as OfficialPage).official.email());
    const ourEmail = (page: Page) => page.evaluate(() => (window as unknown as OurPage).ours.email());

    // authworker signs up: it writes what the 2.8 client writes on https, and the 2.7 names beside them.
    const ours = await open(context, 'ours.html');
    const first = uniqueEmail('interop-https-ours');
    expect(await ours.evaluate(({ e, p }) => (window as unknown as OurPage).ours.signUp(e, p), { e: first, p: PASSWORD })).toBe('ok');
    expect(await sessionCookies(ours)).toEqual({ [hostCookie]: 1, 'hexclave-access': 1, [`stack-refresh-${PROJECT_ID}`]: 1, 'stack-access': 1 });
    const official = await open(context, 'index.html');
    await expect.poll(() => officialEmail(official)).toBe(first);

    // The official client signs another user in: authworker follows its cookie, of which there is one copy.
    const second = uniqueEmail('interop-https-theirs');
    await createUserAtApi(second, { callbackOrigin: APP });
    expect(await official.evaluate(({ e, p }) => (window as unknown as OfficialPage).official.signIn(e, p), { e: second, p: PASSWORD })).toBe('ok');
    await expect.poll(() => ourEmail(ours)).toBe(second);
    expect((await sessionCookies(ours))[hostCookie]).toBe(1);

    // authworker signs out: the official client's __Host- cookie goes too (Secure, both partitions), and it follows.
    await ours.evaluate(() => (window as unknown as OurPage).ours.signOut());
    await expect.poll(() => officialEmail(official)).toBeNull();
    await expect.poll(() => sessionCookies(official)).toEqual({});
  });
});

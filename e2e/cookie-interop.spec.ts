import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'vite';
import { EMULATOR_URL, PASSWORD, signUp, uniqueEmail } from './support/app.ts';

// Same host as the demo (cookies ignore ports), another port; one server for both tests.
test.describe.configure({ mode: 'serial' });
let port = 0;
const PAGE_ROOT = resolve(import.meta.dirname, 'interop');
const OUT = resolve(import.meta.dirname, '../test-results/interop-page');
const QUERY = `?api=${encodeURIComponent(EMULATOR_URL)}&project=dfa45225-c0f9-490d-98d7-d2c978934c58&key=pck_pmy7skfgdxsnw8q561n2qjdyqtkz0cm2d26eqbg01z9pf`;

let server: Server;
test.beforeAll(async () => {
  await build({ root: PAGE_ROOT, configFile: false, logLevel: 'warn', build: { outDir: OUT, emptyOutDir: true } });
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const file = join(OUT, path === '/' ? 'index.html' : path);
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : 'text/html' });
        res.end(body);
      },
      () => {
        res.writeHead(404);
        res.end();
      },
    );
  });
  await new Promise<void>((done) => server.listen(0, 'localhost', done));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
test.afterAll(async () => {
  await new Promise((done) => server.close(done));
});

async function officialPage(page: Page): Promise<void> {
  await page.goto(`http://localhost:${port}/${QUERY}`);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('authworker-demo-token-store', 'cookie'));
});

test('the official client on the same domain picks up the session authworker stored in cookies', async ({ context }) => {
  const ours = await context.newPage();
  await signUp(ours, uniqueEmail('interop-ours'));
  const refreshToken = (await context.cookies()).find((c) => c.name === 'stack-refresh-dfa45225-c0f9-490d-98d7-d2c978934c58')?.value;
  expect(refreshToken).toMatch(/^[0-9a-z]{45}$/);

  const refreshedWith: string[] = [];
  await context.route(`${EMULATOR_URL}/api/v1/auth/oauth/token`, async (route) => {
    refreshedWith.push(new URLSearchParams(route.request().postData() ?? '').get('refresh_token') ?? '');
    await route.continue();
  });
  const official = await context.newPage();
  await officialPage(official);
  await official.evaluate(() => (window as unknown as { official: { email(): Promise<string | null> } }).official.email().catch(() => null));
  // It found our refresh token in the shared cookie and used it. (Against the emulator it then gets a
  // token in the 2.7 dialect of the session our client created, which the 2.8 client rejects by
  // design; the hosted service issues current-dialect tokens to everyone.)
  expect(refreshedWith).toContain(refreshToken);
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
    ({ email, password }) => (window as unknown as { official: { signIn(e: string, p: string): Promise<string> } }).official.signIn(email, password),
    { email, password: PASSWORD },
  );
  expect(result).toBe('ok');
  await expect(setup.getByTestId('user-email')).toHaveText(email);
});

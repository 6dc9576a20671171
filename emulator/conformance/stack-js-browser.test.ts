// The published @stackframe/js 2.8.108 in Chromium against the emulator: a Vite-built page (./browser) on a
// static localhost server, driven with the Playwright library API. Skipped where no Chromium is installed.
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumExecutable, chromiumLaunchOptions } from '../../e2e/support/chromium.ts';
import { DEMO_PROJECT } from '../domain/seed.ts';
import type { FlowReport } from './browser/main.ts';
import { callSummary, startConformanceEmulator, type ConformanceEmulator } from '../../testing/emulator/conformance-emulator.ts';

const PAGE_ROOT = fileURLToPath(new URL('./browser', import.meta.url));
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves the built page; everything else is a 404. */
function serveStatic(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  return new Promise((resolve) => {
    server.listen(0, 'localhost', () => {
      const address = server.address();
      resolve({ server, url: `http://localhost:${typeof address === 'object' && address ? address.port : 0}` });
    });
  });
}

describe.skipIf(chromiumExecutable() === undefined)('@stackframe/js in Chromium', () => {
  let emu: ConformanceEmulator;
  let outDir: string;
  let site: { server: Server; url: string };
  let browser: Browser;

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'authworker-conformance-'));
    [emu] = await Promise.all([
      startConformanceEmulator(),
      build({ root: PAGE_ROOT, configFile: false, logLevel: 'warn', build: { outDir, emptyOutDir: true, minify: false } }),
    ]);
    site = await serveStatic(outDir);
    browser = await chromium.launch(chromiumLaunchOptions());
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.server.close(resolve));
    await emu?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('signs up, updates, lists, creates a team, signs out and in, with results for the failures', async () => {
    const page = await browser.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(`${m.text()} (${m.location().url})`);
    });
    const query = new URLSearchParams({ api: emu.url, project: DEMO_PROJECT.id, key: DEMO_PROJECT.publishableClientKey });
    await page.goto(`${site.url}/?${query}`);
    await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
    const email = `browser-${crypto.randomUUID()}@example.com`;
    const report = await page.evaluate(
      ([e, p]) => (window as unknown as { conformance: { runFlows(e: string, p: string): Promise<FlowReport> } }).conformance.runFlows(e, p),
      [email, 'correct horse battery staple'] as const,
    );
    expect(report).toEqual({
      signUp: 'ok',
      duplicateSignUp: `A user with email "${email}" already exists.`,
      email,
      displayName: 'Ada Lovelace',
      clientMetadata: { theme: 'dark' },
      tokenDisplayName: 'Ada Lovelace',
      contactChannels: [email],
      team: 'Analytical Engines',
      teams: ['Analytical Engines'],
      afterSignOut: null,
      signIn: 'ok',
      wrongPassword: 'Wrong e-mail or password.',
      project: 'Demo',
    });
    // The verification e-mail links back to the page's own origin (the browser default callback URL).
    const mails = (await (await fetch(`${emu.url}/emulator/api/outbox?mailbox=${email.split('@')[0]}`)).json()) as { text: string }[];
    expect(mails[0]?.text).toContain(`${site.url}/handler/email-verification?code=`);
    await page.close();

    const unserved = emu.calls.filter((c) => c.actualStatus === 404 && c.knownError === null).map((c) => `${c.method} ${c.path}`);
    console.log(`[conformance] browser calls: ${callSummary(emu.calls).join(', ')}; not served: ${unserved.join(', ') || 'none'}`);
    expect(consoleErrors).toEqual([]);
  }, 60_000);
});

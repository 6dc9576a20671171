// The pages of e2e/interop/ built once and served on another port of the demo's host (cookies ignore ports, so
// they share the demo's cookies): index.html runs the published @stackframe/js with its cookie store, ours.html
// authworker's client in cookie mode.
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'vite';
import { DEMO_PROJECT } from '../../emulator/domain/seed.ts';

export const PROJECT_ID = DEMO_PROJECT.id;
const PUBLISHABLE_KEY = DEMO_PROJECT.publishableClientKey;
const PAGE_ROOT = resolve(import.meta.dirname, '../interop');

/** The query the interop pages read their API, project and key from. */
export const pageQuery = (api: string) => `?api=${encodeURIComponent(api)}&project=${PROJECT_ID}&key=${PUBLISHABLE_KEY}`;

/** What index.html puts on `window`: the published client. */
export interface OfficialPage {
  official: { email(): Promise<string | null>; signIn(e: string, p: string): Promise<string> };
}

export interface InteropServer {
  port: number;
  close(): Promise<void>;
}

/** Builds the pages into `outDir` and serves them on localhost at a port the OS picks. */
export async function serveInteropPages(outDir: string): Promise<InteropServer> {
  const input = { official: join(PAGE_ROOT, 'index.html'), ours: join(PAGE_ROOT, 'ours.html') };
  await build({ root: PAGE_ROOT, configFile: false, logLevel: 'warn', build: { outDir, emptyOutDir: true, rollupOptions: { input } } });
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const file = join(outDir, path === '/' ? 'index.html' : path);
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
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** Opens the published client's page and waits until it is ready. */
export async function openOfficialPage(page: Page, port: number, api: string): Promise<void> {
  await page.goto(`http://localhost:${port}/${pageQuery(api)}`);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
}

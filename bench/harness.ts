// The shared set-up of a bench run: the emulator (a child process), the two bench apps (built and served
// with Vite's JS API) and one Chromium. Everything listens on localhost only.
import { signUpOverHttp } from '../testing/emulator/http-sign-up.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { build, preview, type Plugin, type PreviewServer } from 'vite';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { serviceWorkerPlugin } from '../build/service-worker-plugin.mjs';
import { DEMO_PROJECT } from '../emulator/domain/seed.ts';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { chunkSizePlugin, ROOT, WORKER_ENTRY, type ChunkSize } from './bundle.ts';
import type { BenchConfig } from './apps/shared-view.ts';
import { startLatencyProxy, type LatencyProfile, type LatencyProxy } from './latency-proxy.ts';

/**
 * Distinct from e2e (18102/14173) and the demo (8102/5173); a busy port falls back to a free one. `BENCH_PORT_BASE`
 * moves all of them to a range of its own (base ... base + 10), for a machine shared with other runs.
 */
const PORT_BASE = Number(process.env.BENCH_PORT_BASE) || 0;
export const PREFERRED_PORTS = PORT_BASE
  ? { emulator: PORT_BASE, mail: PORT_BASE + 1, ours: PORT_BASE + 2, theirs: PORT_BASE + 3, 'ours-precached': PORT_BASE + 4, 'ours-defaults': PORT_BASE + 9 }
  : { emulator: 28102, mail: 28105, ours: 24173, theirs: 24174, 'ours-precached': 24175, 'ours-defaults': 24176 };
/** The latency proxies in front of the emulator and the apps (what the browser talks to). */
export const PREFERRED_PROXY_PORTS = PORT_BASE
  ? { emulator: PORT_BASE + 5, ours: PORT_BASE + 6, theirs: PORT_BASE + 7, 'ours-precached': PORT_BASE + 8, 'ours-defaults': PORT_BASE + 10 }
  : { emulator: 29102, ours: 29173, theirs: 29174, 'ours-precached': 29175, 'ours-defaults': 29176 };
export const PASSWORD = 'correct horse battery staple';
const OUT_DIR = resolve(ROOT, 'bench/out');

export type Client = 'ours' | 'theirs';
export const CLIENTS: readonly Client[] = ['ours', 'theirs'];

/** Resolves (or rejects) with `promise`, or rejects after `ms`: no bench step may hang. */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
    }),
  ]);
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, 'localhost', () => server.close(() => done(true)));
  });
}

async function choosePort(preferred: number): Promise<number> {
  if (await isPortFree(preferred)) return preferred;
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, 'localhost', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no free port'))));
    });
  });
}

export interface EmulatorProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `tsx emulator/cli.ts` as a child in its own process group (tsx starts a node child of its own). */
export async function startEmulatorProcess(): Promise<EmulatorProcess> {
  const port = await choosePort(PREFERRED_PORTS.emulator);
  const mailPort = await choosePort(PREFERRED_PORTS.mail);
  const child = spawn(resolve(ROOT, 'node_modules/.bin/tsx'), ['emulator/cli.ts', '--port', String(port), '--mail-port', String(mailPort), '--webhooks-port', '0'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    process.kill(-child.pid, 'SIGTERM');
    await withDeadline(exited, 5_000, 'emulator shutdown').catch(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'));
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the emulator exited with code ${child.exitCode}`);
    const healthy = await fetch(`${url}/health`).then((r) => r.ok, () => false);
    if (healthy) return { url, child, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the emulator did not become healthy within 60 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Where the browser reaches the API (through the latency proxy) and where the driver reaches the emulator (directly). */
export interface BenchNet {
  /** The emulator behind the latency proxy: the apps' apiUrl, what the browser talks to. */
  apiUrl: string;
  /** The emulator itself: users, stats and the clock, without the injected latency. */
  emulatorUrl: string;
  profile: LatencyProfile;
  /** `npm run bench:smoke`: a few samples per row, only to prove every row still runs. */
  smoke: boolean;
}

/** How many samples a scenario takes: `loopback` at 0 ms, `slow` where every sample costs round trips, `smoke` in the smoke. */
export function sampleCount(net: BenchNet, counts: { loopback: number; slow: number; smoke: number }): number {
  if (net.smoke) return counts.smoke;
  return net.profile.rttMs ? counts.slow : counts.loopback;
}

/** A latency proxy in front of `targetUrl` (http://localhost:<port>) on a preferred port. */
export async function proxyInFront(targetUrl: string, preferredPort: number): Promise<LatencyProxy> {
  const target = new URL(targetUrl);
  return startLatencyProxy({ target: { host: target.hostname, port: Number(target.port) }, port: await choosePort(preferredPort) });
}

export interface BenchApp {
  client: Client;
  /** The app behind the latency proxy (what the browser opens). */
  url: string;
  proxy: LatencyProxy;
  /** Every JS chunk of the production build (the worker script excluded). */
  chunks: ChunkSize[];
  server: PreviewServer;
  /**
   * Serves the hashed `/assets/` files with `cache-control: public, max-age=31536000, immutable`, as CDNs and the
   * Vite docs' deployment advice do, instead of `vite preview`'s `no-cache` (a revalidation per file per load).
   */
  setImmutableAssets(on: boolean): void;
}

/** `vite preview` answers every file `no-cache`; while `state.on`, the hashed assets are answered immutable. */
function assetCachingPlugin(state: { on: boolean }): Plugin {
  return {
    name: 'bench-asset-caching',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        if (state.on && req.url?.startsWith('/assets/')) {
          // sirv writes its own cache-control in writeHead: replace it there.
          const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
          res.writeHead = ((status: number, ...rest: unknown[]) => {
            for (const headers of rest) {
              if (headers && typeof headers === 'object' && !Array.isArray(headers)) {
                for (const key of Object.keys(headers)) if (key.toLowerCase() === 'cache-control') Reflect.deleteProperty(headers, key);
              }
            }
            res.setHeader('cache-control', 'public, max-age=31536000, immutable');
            return writeHead(status, ...rest);
          }) as typeof res.writeHead;
        }
        next();
      });
    },
  };
}

/**
 * Our app's worker: `bare` is authworker alone with the plugin's precache off (rows 2 and 2b); `workbox` composes it
 * with a Workbox precache of the build (bench/entries/auth-worker-precached.js, row 2c); `defaults` is authworker
 * alone with the plugin's defaults, which precache the app shell: the app people get (row 2d).
 */
export type WorkerVariant = 'bare' | 'workbox' | 'defaults';

const VARIANT_NAMES = { bare: 'ours', workbox: 'ours-precached', defaults: 'ours-defaults' } as const;

/** Builds one bench app into bench/out/<client> and serves it with `vite preview`. */
export async function buildAndServeApp(client: Client, config: BenchConfig, worker: WorkerVariant = 'bare'): Promise<BenchApp> {
  if (worker !== 'bare' && client !== 'ours') throw new Error('only our app has a worker');
  const name = client === 'ours' ? VARIANT_NAMES[worker] : client;
  const root = resolve(ROOT, 'bench/apps', client);
  const outDir = resolve(OUT_DIR, name);
  const chunks: ChunkSize[] = [];
  const workerDefine = { __AUTHWORKER_BENCH__: JSON.stringify({ ...config, exposeAccessToken: true }) };
  const workerEntry = worker === 'workbox' ? 'bench/entries/auth-worker-precached.js' : WORKER_ENTRY;
  const pluginOptions = { entry: resolve(ROOT, workerEntry), define: workerDefine, ...(worker === 'defaults' ? {} : { precache: worker === 'workbox' }) };
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    publicDir: false,
    define: { __BENCH__: JSON.stringify(config) },
    // Our app's worker is authworker alone, built by our own Vite plugin as an app would build it.
    plugins: [chunkSizePlugin(chunks), ...(client === 'ours' ? [serviceWorkerPlugin(pluginOptions)] : [])],
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      chunkSizeWarningLimit: 4096,
      rollupOptions: { input: client === 'ours' ? { main: resolve(root, 'index.html'), blank: resolve(root, 'blank.html') } : resolve(root, 'index.html') },
    },
  });
  const port = await choosePort(PREFERRED_PORTS[name]);
  const caching = { on: false };
  const server = await preview({
    configFile: false,
    plugins: [assetCachingPlugin(caching)],
    root,
    logLevel: 'warn',
    build: { outDir },
    preview: { port, strictPort: true, host: 'localhost', open: false },
  });
  const proxy = await proxyInFront(`http://localhost:${port}`, PREFERRED_PROXY_PORTS[name]);
  return { client, url: `${proxy.url}/`, proxy, chunks, server, setImmutableAssets: (on) => (caching.on = on) };
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

export async function browserVersion(browser: Browser): Promise<string> {
  return browser.version();
}

/**
 * The headers a page needs to call the API itself with the session of a signed-in bench page of ours (the bench
 * worker sets exposeAccessToken, so a direct request can use the same session's token).
 */
export async function directApiHeaders(signedIn: Page): Promise<Record<string, string>> {
  const accessToken = await signedIn.evaluate(() => (window as unknown as { benchApp: { getAccessToken(): Promise<string | null> } }).benchApp.getAccessToken());
  if (!accessToken) throw new Error('the worker exposed no access token');
  return {
    'x-stack-project-id': DEMO_PROJECT.id,
    'x-stack-access-type': 'client',
    'x-stack-publishable-client-key': DEMO_PROJECT.publishableClientKey,
    'x-stack-access-token': accessToken,
  };
}

/** A fresh user on the demo project, created over HTTP (no browser). */
export async function createUser(emulatorUrl: string, label: string): Promise<string> {
  const email = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUpOverHttp(emulatorUrl, email, PASSWORD);
  return email;
}

export interface EmulatorStats {
  requests: Record<string, number>;
  refreshGrants: number;
}

export async function emulatorStats(emulatorUrl: string): Promise<EmulatorStats> {
  return (await (await fetch(`${emulatorUrl}/emulator/api/stats`)).json()) as EmulatorStats;
}

/** The emulator counts CORS preflights under this key. */
export const PREFLIGHT_KEY = 'OPTIONS preflight';

/** API requests the emulator answered, CORS preflights excluded. */
export const totalRequests = (stats: EmulatorStats): number => Object.entries(stats.requests).reduce((sum, [key, n]) => (key === PREFLIGHT_KEY ? sum : sum + n), 0);

export const preflights = (stats: EmulatorStats): number => stats.requests[PREFLIGHT_KEY] ?? 0;

export async function advanceEmulatorClock(emulatorUrl: string, ms: number): Promise<void> {
  const response = await fetch(`${emulatorUrl}/emulator/api/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_ms: ms }),
  });
  if (!response.ok) throw new Error(`clock advance failed: ${response.status}`);
}

/** Opens the app, waits for our worker to control the page (ours), and signs in through the client. */
export async function openSignedIn(context: BrowserContext, app: BenchApp, email: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(app.url);
  if (app.client === 'ours') await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 15_000 });
  await page.waitForSelector('[data-testid="signed-out"], [data-testid="user-email"]', { timeout: 15_000 });
  await signInInPage(page, email);
  return page;
}

export async function signInInPage(page: Page, email: string): Promise<void> {
  const status = await page.evaluate(
    ({ email, password }) => (window as unknown as { benchSignIn(e: string, p: string): Promise<string> }).benchSignIn(email, password),
    { email, password: PASSWORD },
  );
  if (status !== 'ok') throw new Error(`bench sign-in of ${email} returned ${status}`);
  await page.waitForFunction((email) => document.querySelector('[data-testid="user-email"]')?.textContent === email, email, { timeout: 15_000 });
}

/** The same browser for both clients; a separate context (storage, cookies, workers) per client. */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  // tsx compiles this file with keepNames: functions passed to page.evaluate() may call __name().
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  return context;
}

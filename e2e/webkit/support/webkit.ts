// WebKit for the e2e stories: Debian's WebKitGTK (webkit2gtk-driver's WebKitWebDriver and its MiniBrowser) over
// WebDriver classic, through selenium-webdriver, on a virtual X display (xvfb-run): this MiniBrowser has no
// headless mode. The Playwright runner hosts the tests, as for Firefox.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { test as base } from '@playwright/test';
import { Builder, type WebDriver } from 'selenium-webdriver';
import { freePort } from '../../support/free-port.ts';
import { startOfflineProxy, type OfflineProxy } from './offline-proxy.ts';

const MINIBROWSER_CANDIDATES = ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser'];

/** WebKitWebDriver, xvfb-run and a MiniBrowser, or why not. */
export function webkitSetup(): { miniBrowser: string } {
  const missing = ['/usr/bin/WebKitWebDriver', '/usr/bin/xvfb-run'].filter((path) => !existsSync(path));
  const miniBrowser = MINIBROWSER_CANDIDATES.find((path) => existsSync(path));
  if (missing.length > 0 || !miniBrowser) {
    throw new Error(`WebKit is not set up (${[...missing, miniBrowser ? '' : 'MiniBrowser'].filter(Boolean).join(', ')} missing): run \`node scripts/ensure-webkit.mjs\``);
  }
  return { miniBrowser };
}

interface DriverServer {
  url: string;
  process: ChildProcess;
}

/** Starts WebKitWebDriver on its own virtual display; resolves once it answers /status as ready. */
async function startDriverServer(): Promise<DriverServer> {
  webkitSetup();
  const port = await freePort();
  // Its own process group: xvfb-run's Xvfb and the driver go with it on stop.
  const child = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], { detached: true, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/status`).then(
      async (response) => ((await response.json()) as { value?: { ready?: boolean } }).value?.ready === true,
      () => false,
    );
    if (ready) return { url, process: child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stopDriverServer({ url, process: child });
  throw new Error('WebKitWebDriver did not become ready in 20 s');
}

function stopDriverServer(server: DriverServer): void {
  if (server.process.pid !== undefined && server.process.exitCode === null) process.kill(-server.process.pid, 'SIGTERM');
}

export interface WebKitOptions {
  /** false: MiniBrowser runs with its ServiceWorkers feature off (`--features=-ServiceWorkers`): no `navigator.serviceWorker`. */
  serviceWorkers: boolean;
  /** true: the session's traffic goes through an OfflineProxy (the `offlineProxy` fixture), so the story can cut it. */
  offlineSwitch: boolean;
}

interface WebKitFixtures {
  webkitOptions: WebKitOptions;
  /** The network switch of a story run with `offlineSwitch` (test.use). */
  offlineProxy: OfflineProxy | null;
  /** A fresh MiniBrowser session (its own ephemeral website data); its tabs share it, as a browser's do. */
  webkit: WebDriver;
}

/** The worker's WebKitWebDriver; `restart` replaces it when a session start hangs. */
interface DriverServerHandle {
  current: DriverServer;
  restart(): Promise<void>;
}

/** How long a MiniBrowser session may take to start before the driver is started again (it starts in 1-3 s). */
const SESSION_START_DEADLINE_MS = 15_000;

/** A session, or a rejection once the deadline passes (the pending start is abandoned with its driver). */
async function startSession(server: DriverServer, capabilities: Record<string, unknown>): Promise<WebDriver> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`MiniBrowser did not start within ${SESSION_START_DEADLINE_MS} ms`)), SESSION_START_DEADLINE_MS);
  });
  const build = new Builder().usingServer(server.url).withCapabilities(capabilities).build();
  try {
    return await Promise.race([build, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export const test = base.extend<WebKitFixtures, { webkitDriverServer: DriverServerHandle }>({
  webkitDriverServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured object.
    async ({}, use) => {
      const handle: DriverServerHandle = {
        current: await startDriverServer(),
        async restart() {
          stopDriverServer(handle.current);
          handle.current = await startDriverServer();
        },
      };
      await use(handle);
      stopDriverServer(handle.current);
    },
    { scope: 'worker', timeout: 30_000 },
  ],
  webkitOptions: [{ serviceWorkers: true, offlineSwitch: false }, { option: true }],
  offlineProxy: async ({ webkitOptions }, use) => {
    const proxy = webkitOptions.offlineSwitch ? await startOfflineProxy() : null;
    await use(proxy);
    await proxy?.close();
  },
  webkit: [
    async ({ webkitDriverServer, webkitOptions, offlineProxy }, use) => {
      const { miniBrowser } = webkitSetup();
      const args = ['--automation', ...(webkitOptions.serviceWorkers ? [] : ['--features=-ServiceWorkers'])];
      const capabilities = {
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: miniBrowser, args },
        ...(offlineProxy ? { proxy: { proxyType: 'manual', httpProxy: offlineProxy.address } } : {}),
      };
      // A MiniBrowser start seldom hangs on a loaded machine (seen once in CI: the test's 30 s went by in set-up);
      // the driver is then started again, once, and the session asked for anew.
      const driver = await startSession(webkitDriverServer.current, capabilities).catch(async (error: unknown) => {
        console.warn(`webkit: ${error instanceof Error ? error.message : String(error)}; starting WebKitWebDriver again`);
        await webkitDriverServer.restart();
        return startSession(webkitDriverServer.current, capabilities);
      });
      await driver.manage().setTimeouts({ script: 15_000 });
      await use(driver);
      await driver.quit();
    },
    { timeout: 60_000 },
  ],
});

export { expect } from '@playwright/test';

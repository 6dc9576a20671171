// Firefox for the e2e stories: Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi.
// Playwright 1.65 cannot drive it (its BiDi Firefox needs `emulation.setMediaFeaturesOverride`, which
// this Firefox lacks, on every new context), so the Playwright runner hosts the tests and puppeteer drives.
import { existsSync } from 'node:fs';
import { test as base } from '@playwright/test';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { z } from 'zod';
import { freePort } from '../../support/free-port.ts';

/** Debian's Firefox ESR; FIREFOX_PATH overrides. */
export function firefoxExecutable(): string {
  const candidates = [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'];
  const found = candidates.find((path): path is string => !!path && existsSync(path));
  if (!found) throw new Error('No Firefox found: run `node scripts/ensure-firefox.mjs` or set FIREFOX_PATH');
  return found;
}

export interface FirefoxLaunch {
  /** about:config preferences for this browser only (they apply browser-wide). */
  prefs?: Record<string, string | number | boolean>;
  /** Lets the driver run code in the browser's own (chrome) window: needed to switch Firefox offline. */
  systemAccess?: boolean;
}

export async function launchFirefox({ prefs = {}, systemAccess = false }: FirefoxLaunch = {}): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxExecutable(),
    headless: true,
    args: systemAccess ? ['--remote-allow-system-access'] : [],
    extraPrefsFirefox: prefs,
  });
}

/** A new tab with the suite's timeouts (the Chromium suite's expect timeout is 15 s). */
export async function openTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.setDefaultNavigationTimeout(30_000);
  return page;
}

const bidiResult = z.object({ result: z.unknown() });
const chromeTree = z.object({ contexts: z.array(z.object({ context: z.string() })).min(1) });
const evaluated = z.object({ type: z.literal('success'), result: z.object({ type: z.literal('boolean'), value: z.boolean() }) });

interface BidiConnection {
  send(method: string, params: object): Promise<unknown>;
}

function bidiConnection(browser: Browser): BidiConnection {
  // puppeteer's BiDi browser exposes its connection (not in the typings); checked at run time.
  const connection: unknown = Reflect.get(browser, 'connection');
  if (typeof connection !== 'object' || connection === null || typeof Reflect.get(connection, 'send') !== 'function') {
    throw new Error('this puppeteer browser has no BiDi connection');
  }
  return connection as BidiConnection;
}


/**
 * Takes this Firefox offline as a user's would be: its "Work Offline" switch (Services.io.offline: pages
 * and workers see navigator.onLine false and an offline event) and no network. Firefox keeps loopback
 * reachable while offline, so all HTTP also goes to a proxy port that refuses connections. The driver's
 * own offline emulation covers documents only: the service worker's fetches still reach the network.
 * Needs a browser launched with `systemAccess`.
 */
export async function setFirefoxOffline(browser: Browser, offline: boolean): Promise<void> {
  const proxy = offline
    ? `Services.prefs.setStringPref('network.proxy.http', '127.0.0.1');
       Services.prefs.setIntPref('network.proxy.http_port', ${await freePort()});
       Services.prefs.setBoolPref('network.proxy.allow_hijacking_localhost', true);
       Services.prefs.setStringPref('network.proxy.no_proxies_on', '');
       Services.prefs.setIntPref('network.proxy.type', 1);`
    : `Services.prefs.setIntPref('network.proxy.type', 0);`;
  const result = await evaluateInChrome(browser, `${proxy} Services.io.offline = ${offline}; Services.io.offline`);
  if (result.value !== offline) throw new Error(`Firefox stayed ${result.value ? 'offline' : 'online'}`);
}

/** Runs `expression` in the browser's own (chrome) window; needs a browser launched with `systemAccess`. */
async function evaluateInChrome(browser: Browser, expression: string): Promise<z.infer<typeof evaluated>['result']> {
  const connection = bidiConnection(browser);
  const tree = chromeTree.parse(bidiResult.parse(await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' })).result);
  const answer = await connection.send('script.evaluate', { expression, target: { context: tree.contexts[0]?.context }, awaitPromise: false });
  return evaluated.parse(bidiResult.parse(answer).result).result;
}

/** Opens a private window, as File > New private window does, and returns its tab. Needs `systemAccess`. */
export async function openPrivateWindow(browser: Browser): Promise<Page> {
  const opened = browser.waitForTarget((target) => target.type() === 'page' && target.url() === 'about:privatebrowsing');
  const isPrivate = await evaluateInChrome(browser, 'PrivateBrowsingUtils.isWindowPrivate(OpenBrowserWindow({ private: true }))');
  if (!isPrivate.value) throw new Error('Firefox opened a window that is not private');
  const page = await (await opened).page();
  if (!page) throw new Error('the private window has no tab');
  page.setDefaultTimeout(15_000);
  return page;
}

interface FirefoxFixtures {
  /** A fresh browser context (its own cookies, storage and service workers) in the worker's Firefox. */
  firefoxContext: BrowserContext;
  /** A fresh context in a Firefox without service workers, as in a private window: the page hosts the session. */
  noWorkersContext: BrowserContext;
}

interface FirefoxWorkerFixtures {
  firefox: Browser;
  noWorkersFirefox: Browser;
}

export const test = base.extend<FirefoxFixtures, FirefoxWorkerFixtures>({
  firefox: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured object.
    async ({}, use) => {
      const browser = await launchFirefox();
      await use(browser);
      await browser.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  noWorkersFirefox: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured object.
    async ({}, use) => {
      const browser = await launchFirefox({ prefs: { 'dom.serviceWorkers.enabled': false } });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  firefoxContext: async ({ firefox }, use) => {
    const context = await firefox.createBrowserContext();
    await use(context);
    await context.close();
  },
  noWorkersContext: async ({ noWorkersFirefox }, use) => {
    const context = await noWorkersFirefox.createBrowserContext();
    await use(context);
    await context.close();
  },
});

export { expect } from '@playwright/test';

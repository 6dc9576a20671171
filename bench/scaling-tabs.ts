// 8. Scaling with tabs: 1, 5 and 20 tabs of one signed-in session per client. Per tab count: the refreshes one
// access-token expiry costs when every tab asks for the user, the time a sign-out in the first tab takes to reach the
// last tab to show it, the messages the tabs receive for that session change, and our worker's JS heap.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { advanceEmulatorClock, CLIENTS, createUser, emulatorStats, newContext, openSignedIn, type BenchApp, type BenchNet, type Client } from './harness.ts';
import { ms } from './stats.ts';
import { notApplicable, type ResultRow } from './table.ts';
import { workerHeapBytes } from './worker-heap.ts';

export const TAB_COUNTS: Record<'full' | 'smoke', readonly number[]> = { full: [1, 5, 20], smoke: [1, 2] };
/** Past the emulator's 10-minute access-token lifetime. */
const EXPIRE_MS = 11 * 60 * 1000;
const NAME = '8. Scaling with tabs';

type ScalingWindow = Window & {
  benchApp: { getUser(): Promise<unknown>; signOut(): Promise<void> };
  benchFollowSession?: () => void;
  signedOutAt?: number;
  sessionMessages?: number;
};

interface TabsFigures {
  refreshes: number;
  signOutMs: number;
  messages: number | null;
  heapBytes: number | null;
}

async function openTabs(context: BrowserContext, app: BenchApp, email: string, count: number): Promise<Page[]> {
  const tabs = [await openSignedIn(context, app, email)];
  while (tabs.length < count) {
    const tab = await context.newPage();
    await tab.goto(app.url);
    await tab.waitForFunction((email) => document.querySelector('[data-testid="user-email"]')?.textContent === email, email, { timeout: 15_000 });
    tabs.push(tab);
  }
  return tabs;
}

/** Every tab watches for its signed-out DOM (and, ours, counts the worker's messages); the first signs out. */
async function signOutReach(tabs: Page[]): Promise<{ ms: number; messages: number }> {
  await Promise.all(
    tabs.map((tab) =>
      tab.evaluate(() => {
        const w = window as unknown as ScalingWindow;
        delete w.signedOutAt;
        w.sessionMessages = 0;
        navigator.serviceWorker?.addEventListener('message', () => (w.sessionMessages = (w.sessionMessages ?? 0) + 1));
        w.benchFollowSession?.();
        const observer = new MutationObserver(() => {
          if (!document.querySelector('[data-testid="signed-out"]')) return;
          w.signedOutAt = performance.timeOrigin + performance.now();
          observer.disconnect();
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }),
    ),
  );
  const [first] = tabs as [Page];
  const startedAt = await first.evaluate(() => {
    void (window as unknown as ScalingWindow).benchApp.signOut();
    return performance.timeOrigin + performance.now();
  });
  const reached = await Promise.all(tabs.map(async (tab) => (await tab.waitForFunction(() => (window as unknown as ScalingWindow).signedOutAt, null, { timeout: 15_000, polling: 'raf' })).jsonValue() as Promise<number>));
  // Messages still under way land within a frame or two; read them after the last tab changed.
  await new Promise((r) => setTimeout(r, 200));
  const messages = await Promise.all(tabs.map((tab) => tab.evaluate(() => (window as unknown as ScalingWindow).sessionMessages ?? 0)));
  return { ms: Math.max(...reached) - startedAt, messages: messages.reduce((a, b) => a + b, 0) };
}

async function measureTabs(browser: Browser, app: BenchApp, net: BenchNet, count: number): Promise<TabsFigures> {
  const context = await newContext(browser);
  try {
    const email = await createUser(net.emulatorUrl, `tabs${count}-${app.client}`);
    const tabs = await openTabs(context, app, email, count);
    await advanceEmulatorClock(net.emulatorUrl, EXPIRE_MS);
    const before = await emulatorStats(net.emulatorUrl);
    await Promise.all(tabs.map((tab) => tab.evaluate(() => (window as unknown as ScalingWindow).benchApp.getUser())));
    const refreshes = (await emulatorStats(net.emulatorUrl)).refreshGrants - before.refreshGrants;
    const heapBytes = app.client === 'ours' ? await workerHeapBytes(browser, app.url) : null;
    // The sign-out reaches a tab as the worker's message (ours) or the tab's cookie poll (theirs).
    const reach = await signOutReach(tabs);
    return { refreshes, signOutMs: reach.ms, messages: app.client === 'ours' ? reach.messages : null, heapBytes };
  } finally {
    await context.close();
  }
}

export async function scalingWithTabs(browser: Browser, apps: Record<Client, BenchApp>, net: BenchNet): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  for (const count of TAB_COUNTS[net.smoke ? 'smoke' : 'full']) {
    const figures = {} as Record<Client, TabsFigures>;
    for (const client of CLIENTS) figures[client] = await measureTabs(browser, apps[client], net, count);
    const { ours, theirs } = figures;
    rows.push(
      { benchmark: NAME, metric: `${count} tab(s): refresh requests per access-token expiry`, ours: String(ours.refreshes), theirs: String(theirs.refreshes), oursValue: ours.refreshes, theirsValue: theirs.refreshes, note: 'every tab calls getUser() at once after the emulator clock moved 11 min' },
      { benchmark: NAME, metric: `${count} tab(s): signOut() in the first tab -> the last tab shows it`, ours: ms(ours.signOutMs), theirs: ms(theirs.signOutMs), oursValue: ours.signOutMs, theirsValue: theirs.signOutMs, note: "theirs: each tab reads its token store every 16 ms (its cookie store polls every 100 ms)" },
      {
        benchmark: NAME,
        metric: `${count} tab(s): messages the tabs received for the sign-out`,
        ours: String(ours.messages),
        theirs: notApplicable('no messages: each tab polls its cookies'),
        note: 'worker -> page messages counted in every tab from signOut() until 200 ms after the last tab changed',
      },
      {
        benchmark: NAME,
        metric: `${count} tab(s): worker JS heap used`,
        ours: ours.heapBytes === null ? notApplicable('no worker target') : `${(ours.heapBytes / 1024).toFixed(0)} KB`,
        theirs: notApplicable('no worker: tokens live in each tab'),
        note: 'Runtime.getHeapUsage of the service worker (CDP) after a garbage collection, signed in, before the sign-out',
      },
    );
  }
  return rows;
}


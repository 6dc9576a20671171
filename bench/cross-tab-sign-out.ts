// 4. Cross-tab sign-out: from signOut() in tab A to tab B's DOM showing signed-out.
import type { Browser, Page } from '@playwright/test';
import { CLIENTS, createUser, newContext, sampleCount, openSignedIn, PASSWORD, withDeadline, type BenchApp, type BenchNet, type Client } from './harness.ts';
import { ms, percentile } from './stats.ts';
import type { ResultRow } from './table.ts';

/** Trials per client on loopback; fewer where each sign-in and sign-out costs round trips. */
const TRIAL_COUNTS = { loopback: 50, slow: 12, smoke: 2 };
/** The whole scenario stops early (and says so) rather than exceed this. */
const BUDGET_MS = 120_000;

interface Tabs {
  a: Page;
  b: Page;
  email: string;
}

type BenchWindow = Window & {
  benchApp: { signOut(): Promise<void> };
  benchSignIn(email: string, password: string): Promise<string>;
  benchFollowSession?: () => void;
  signedOutAt?: number;
  signOutDone?: Promise<void>;
};

async function trial(tabs: Tabs): Promise<number> {
  const status = await tabs.a.evaluate(({ email, password }) => (window as unknown as BenchWindow).benchSignIn(email, password), { email: tabs.email, password: PASSWORD });
  if (status !== 'ok') throw new Error(`sign-in returned ${status}`);
  await tabs.b.waitForFunction((email) => document.querySelector('[data-testid="user-email"]')?.textContent === email, tabs.email, { timeout: 10_000 });
  // Tab B notes when its DOM shows signed-out; tab A notes the call. One clock: timeOrigin + now.
  await tabs.b.evaluate(() => {
    const w = window as unknown as BenchWindow;
    delete w.signedOutAt;
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="signed-out"]')) {
        w.signedOutAt = performance.timeOrigin + performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  const startedAt = await tabs.a.evaluate(() => {
    const at = performance.timeOrigin + performance.now();
    const w = window as unknown as BenchWindow;
    w.signOutDone = w.benchApp.signOut();
    return at;
  });
  const handle = await tabs.b.waitForFunction(() => (window as unknown as BenchWindow).signedOutAt, null, { timeout: 10_000, polling: 'raf' });
  const signedOutAt = (await handle.jsonValue()) as number;
  // Tab A's own sign-out must have finished before the next sign-in.
  await tabs.a.evaluate(() => (window as unknown as BenchWindow).signOutDone);
  return signedOutAt - startedAt;
}

export async function crossTabSignOut(browser: Browser, apps: Record<Client, BenchApp>, net: BenchNet): Promise<ResultRow[]> {
  const emulatorUrl = net.emulatorUrl;
  const TRIALS = sampleCount(net, TRIAL_COUNTS);
  const tabs = {} as Record<Client, Tabs>;
  const contexts = [];
  for (const client of CLIENTS) {
    const context = await newContext(browser);
    contexts.push(context);
    const email = await createUser(emulatorUrl, `signout-${client}`);
    const a = await openSignedIn(context, apps[client], email);
    const b = await context.newPage();
    await b.goto(apps[client].url);
    if (client === 'ours') await b.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 15_000 });
    // Theirs has no session-change event: tab B polls the token store (see bench/apps/theirs/main.ts).
    if (client === 'theirs') await b.evaluate(() => (window as unknown as BenchWindow).benchFollowSession?.());
    await a.evaluate(() => (window as unknown as BenchWindow).benchApp.signOut());
    tabs[client] = { a, b, email };
  }
  const delays: Record<Client, number[]> = { ours: [], theirs: [] };
  const errors: Record<Client, string[]> = { ours: [], theirs: [] };
  const deadline = Date.now() + BUDGET_MS;
  for (let i = 0; i < TRIALS && Date.now() < deadline; i++) {
    for (const client of i % 2 ? [...CLIENTS].reverse() : CLIENTS) {
      try {
        delays[client].push(await withDeadline(trial(tabs[client]), 30_000, `${client} sign-out trial`));
      } catch (error) {
        errors[client].push(error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error));
      }
    }
  }
  for (const context of contexts) await context.close();

  const name = '4. Cross-tab sign-out';
  const value = (c: Client, p: number) => (delays[c].length ? percentile(delays[c], p) : Number.NaN);
  const show = (c: Client, p: number) => (delays[c].length ? ms(value(c, p)) : `n/a (${errors[c][0] ?? 'no trial finished'})`);
  const counts = CLIENTS.map((c) => `${c}: ${delays[c].length} trials${errors[c].length ? `, ${errors[c].length} failed (${errors[c][0]})` : ''}`).join('; ');
  return [
    {
      benchmark: name,
      metric: 'signOut() in tab A -> tab B DOM signed-out, p50',
      ours: show('ours', 50),
      theirs: show('theirs', 50),
      oursValue: value('ours', 50),
      theirsValue: value('theirs', 50),
      note: `${counts}. Ours: the worker posts to each tab (clients.matchAll + postMessage); theirs: its cookie store's 100 ms poll, read by the tab every 16 ms (no public change event)`,
    },
    {
      benchmark: name,
      metric: 'signOut() in tab A -> tab B DOM signed-out, p95',
      ours: show('ours', 95),
      theirs: show('theirs', 95),
      oursValue: value('ours', 95),
      theirsValue: value('theirs', 95),
    },
  ];
}

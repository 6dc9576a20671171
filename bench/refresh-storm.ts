// 3. Refresh storm: 5 tabs x 50 concurrent API calls over an expired access token.
import type { Browser, Page } from '@playwright/test';
import { advanceEmulatorClock, CLIENTS, createUser, emulatorStats, newContext, sampleCount, openSignedIn, totalRequests, withDeadline, type BenchApp, type BenchNet, type Client } from './harness.ts';
import { DEMO_PROJECT } from '../emulator/domain/seed.ts';
import { median, ms, percentile } from './stats.ts';
import { notApplicable, type ResultRow } from './table.ts';

const TAB_COUNTS = { loopback: 5, slow: 5, smoke: 2 };
const CALL_COUNTS = { loopback: 50, slow: 50, smoke: 10 };
/** Rounds on loopback; one where 250 requests over 6 connections cost many round trips. */
const ROUND_COUNTS = { loopback: 3, slow: 1, smoke: 1 };
/** Past the emulator's 10-minute access-token lifetime: every cached access token is expired server-side. */
const EXPIRE_MS = 11 * 60 * 1000;

interface Round {
  refreshes: number;
  apiRequests: number;
  wallMs: number;
  succeeded: number;
}

/**
 * `getUser`: the SDK call each client offers (theirs batches concurrent calls per tab in its user cache;
 * our worker merges identical in-flight GETs across tabs). `fetch`: plain page fetch() calls that our
 * worker intercepts, with distinct Accept values so it cannot merge them: 250 real requests (ours only;
 * @stackframe/js does not intercept fetch).
 */
type Variant = 'getUser' | 'fetch';
type Run = `${Client}-${Variant}`;
const RUNS: readonly Run[] = ['ours-getUser', 'ours-fetch', 'theirs-getUser'];

function stormInTab(page: Page, variant: Variant, url: string, tab: number, calls: number, headers: Record<string, string> = {}): Promise<number> {
  return page.evaluate(
    async ({ variant, url, tab, calls, headers }) => {
      const app = (window as unknown as { benchApp: { getUser(): Promise<unknown> } }).benchApp;
      const one = async (i: number): Promise<boolean> => {
        if (variant === 'getUser') return (await app.getUser()) !== null;
        return (await fetch(url, { headers: { ...headers, accept: `application/json;q=0.${tab}${i}` } })).status === 200;
      };
      const results = await Promise.all(Array.from({ length: calls }, (_, i) => one(i).catch(() => false)));
      return results.filter(Boolean).length;
    },
    { variant, url, tab, calls, headers },
  );
}

export async function refreshStorm(browser: Browser, apps: Record<Client, BenchApp>, net: BenchNet): Promise<ResultRow[]> {
  const emulatorUrl = net.emulatorUrl;
  const url = `${net.apiUrl}/api/v1/users/me`;
  const ROUNDS = sampleCount(net, ROUND_COUNTS);
  const TABS = sampleCount(net, TAB_COUNTS);
  const CALLS_PER_TAB = sampleCount(net, CALL_COUNTS);
  const tabs = {} as Record<Client, Page[]>;
  const contexts = [];
  for (const client of CLIENTS) {
    const context = await newContext(browser);
    contexts.push(context);
    const email = await createUser(emulatorUrl, `storm-${client}`);
    const first = await openSignedIn(context, apps[client], email);
    tabs[client] = [first];
    for (let i = 1; i < TABS; i++) {
      const tab = await context.newPage();
      await tab.goto(apps[client].url);
      if (client === 'ours') await tab.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 15_000 });
      await tab.waitForFunction((email) => document.querySelector('[data-testid="user-email"]')?.textContent === email, email, { timeout: 15_000 });
      tabs[client].push(tab);
    }
  }
  const rounds = Object.fromEntries(RUNS.map((r) => [r, [] as Round[]])) as Record<Run, Round[]>;
  for (let round = 0; round < ROUNDS; round++) {
    for (const run of round % 2 ? [...RUNS].reverse() : RUNS) {
      const [client, variant] = run.split('-') as [Client, Variant];
      await advanceEmulatorClock(emulatorUrl, EXPIRE_MS);
      const before = await emulatorStats(emulatorUrl);
      const started = performance.now();
      const ok = await withDeadline(Promise.all(tabs[client].map((tab, t) => stormInTab(tab, variant, url, t, CALLS_PER_TAB))), 60_000, `${run} refresh storm`);
      const wallMs = performance.now() - started;
      // Let stragglers (e.g. background refreshes) land before reading the counters.
      await new Promise((r) => setTimeout(r, 300));
      const after = await emulatorStats(emulatorUrl);
      rounds[run].push({
        refreshes: after.refreshGrants - before.refreshGrants,
        apiRequests: totalRequests(after) - totalRequests(before),
        wallMs,
        succeeded: ok.reduce((a, b) => a + b, 0),
      });
    }
  }
  if (process.env.BENCH_DEBUG) console.log(JSON.stringify(rounds));
  const floorMs = await directBurstFloor(browser, apps.ours, tabs.ours[0] as Page, url, TABS, CALLS_PER_TAB);
  for (const context of contexts) await context.close();

  const pick = (r: Run, key: keyof Round) => rounds[r].map((x) => x[key]);
  const total = TABS * CALLS_PER_TAB;
  const name = '3. Refresh storm';
  const rowsFor = (label: string, ours: Run, theirs: Run | null, theirsWhyNot: string, note: string): ResultRow[] => {
    const side = (r: Run | null, f: (r: Run) => string) => (r ? f(r) : notApplicable(theirsWhyNot));
    const num = (r: Run | null, key: keyof Round) => (r ? median(pick(r, key)) : null);
    return [
      {
        benchmark: name,
        metric: `${label}: refresh requests seen by the emulator (${ROUNDS} round${ROUNDS === 1 ? '' : 's'})`,
        ours: pick(ours, 'refreshes').join(', '),
        theirs: side(theirs, (r) => pick(r, 'refreshes').join(', ')),
        oursValue: num(ours, 'refreshes'),
        theirsValue: num(theirs, 'refreshes'),
        note,
      },
      {
        benchmark: name,
        metric: `${label}: wall time until all ${total} calls returned, median / p95`,
        ours: `${ms(median(pick(ours, 'wallMs')))} / ${ms(percentile(pick(ours, 'wallMs'), 95))}`,
        theirs: side(theirs, (r) => `${ms(median(pick(r, 'wallMs')))} / ${ms(percentile(pick(r, 'wallMs'), 95))}`),
        oursValue: num(ours, 'wallMs'),
        theirsValue: num(theirs, 'wallMs'),
        note: `p95 of ${ROUNDS} round${ROUNDS === 1 ? '' : 's'} = the slowest round`,
      },
      {
        benchmark: name,
        metric: `${label}: calls that succeeded (worst round); API requests per round (median)`,
        ours: `${Math.min(...pick(ours, 'succeeded'))}/${total}; ${median(pick(ours, 'apiRequests'))}`,
        theirs: side(theirs, (r) => `${Math.min(...pick(r, 'succeeded'))}/${total}; ${median(pick(r, 'apiRequests'))}`),
      },
    ];
  };
  return [
    ...rowsFor(`getUser() x ${CALLS_PER_TAB} per tab`, 'ours-getUser', 'theirs-getUser', '',
      `${TABS} tabs, access token expired server-side (emulator clock +11 min); theirs: tokenStore 'cookie' shared by the tabs, its user cache batches concurrent getUser() calls per tab`),
    ...rowsFor(`fetch() x ${CALLS_PER_TAB} per tab`, 'ours-fetch', null, '@stackframe/js does not intercept fetch; its calls go through the SDK, row above',
      `${total} distinct GET /users/me through the worker. Floor: the same ${total} GETs sent directly with a valid token from an uncontrolled page took ${ms(floorMs)} (Chromium's 6 connections per host + the emulator)`),
  ];
}

/** The storm's GETs, concurrent and direct, with a valid token and no worker: what the emulator and Chromium allow. */
async function directBurstFloor(browser: Browser, app: BenchApp, controlled: Page, url: string, tabs: number, calls: number): Promise<number> {
  const accessToken = await controlled.evaluate(() => (window as unknown as { benchApp: { getAccessToken(): Promise<string | null> } }).benchApp.getAccessToken());
  const context = await newContext(browser, { serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(`${app.url}blank.html`);
    const headers = {
      'x-stack-project-id': DEMO_PROJECT.id,
      'x-stack-access-type': 'client',
      'x-stack-publishable-client-key': DEMO_PROJECT.publishableClientKey,
      'x-stack-access-token': accessToken ?? '',
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: tabs }, (_, t) => stormInTab(page, 'fetch', url, t, calls, headers)));
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

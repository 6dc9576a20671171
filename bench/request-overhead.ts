// 5. Per-request overhead: a GET through our worker vs the same GET sent directly; and each client's getUser().
import type { Browser, Page } from '@playwright/test';
import { createUser, directApiHeaders, emulatorStats, newContext, sampleCount, preflights, totalRequests, openSignedIn, type BenchApp, type BenchNet, type Client } from './harness.ts';
import { ms, percentile } from './stats.ts';
import type { ResultRow } from './table.ts';

/** Batches x calls per mode: 200 on loopback, 40 where every call costs round trips. */
const BATCH_COUNTS = { loopback: 10, slow: 4, smoke: 1 };
const PER_BATCH_COUNTS = { loopback: 20, slow: 10, smoke: 5 };
/** @stackframe/stack-shared's AsyncValueCache runs a fetcher at most once per 300 ms (throttleMs: 300). */
const SDK_THROTTLE_GAP_MS = 320;
const GET_USER_PER_BATCH = 3;
/** Warm-up calls per path (connections, CORS preflight cache, JIT), and the back-to-back getUser() calls. */
const WARM_UP_COUNTS = { loopback: 10, slow: 10, smoke: 3 };
const BACK_TO_BACK_COUNTS = { loopback: 10, slow: 10, smoke: 3 };
/** getUser() calls whose requests the emulator counts. */
const WIRE_CALLS = 6;

type Mode = 'worker' | 'direct' | 'getUser';

/** Sequential calls timed in the page: fetch until the body is read, or the client's getUser(). */
function timeCalls(page: Page, mode: Mode, url: string, headers: Record<string, string>, count: number, gapMs = 0, cache: RequestCache = 'default'): Promise<number[]> {
  return page.evaluate(
    async ({ mode, url, headers, count, gapMs, cache }) => {
      const times: number[] = [];
      const app = (window as unknown as { benchApp?: { getUser(): Promise<unknown> } }).benchApp;
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        if (mode === 'getUser') {
          if (!(await app?.getUser())) throw new Error('getUser() returned no user');
        } else {
          const response = await fetch(url, { headers, cache });
          await response.text();
          if (response.status !== 200) throw new Error(`GET answered ${response.status}`);
        }
        times.push(performance.now() - started);
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
      return times;
    },
    { mode, url, headers, count, gapMs, cache },
  );
}

const signed = (value: number) => `${value >= 0 ? '+' : ''}${ms(value)}`;

export async function requestOverhead(browser: Browser, apps: Record<Client, BenchApp>, net: BenchNet): Promise<ResultRow[]> {
  const emulatorUrl = net.emulatorUrl;
  const BATCHES = sampleCount(net, BATCH_COUNTS);
  const PER_BATCH = sampleCount(net, PER_BATCH_COUNTS);
  const url = `${net.apiUrl}/api/v1/users/me`;
  const oursContext = await newContext(browser);
  const controlled = await openSignedIn(oursContext, apps.ours, await createUser(emulatorUrl, 'overhead-ours'));
  await controlled.reload();
  await controlled.waitForFunction(() => !!navigator.serviceWorker.controller);
  await controlled.waitForSelector('[data-testid="user-email"]');
  const directHeaders = await directApiHeaders(controlled);
  // The direct path: a page of the same origin that no worker controls and that runs no app code.
  // (A real page from the preview server: a route-fulfilled one would not count as loopback, and Chromium's
  // local-network-access check would block its requests to the emulator.)
  const directContext = await newContext(browser, { serviceWorkers: 'block' });
  const direct = await directContext.newPage();
  await direct.goto(`${apps.ours.url}blank.html`);

  const theirsContext = await newContext(browser);
  const theirs = await openSignedIn(theirsContext, apps.theirs, await createUser(emulatorUrl, 'overhead-theirs'));

  const samples: Record<'worker' | 'direct' | 'directNoStore' | 'oursGetUser' | 'theirsGetUser', number[]> = { worker: [], direct: [], directNoStore: [], oursGetUser: [], theirsGetUser: [] };
  // Warm-up: connections, CORS preflight cache, JIT.
  const warmUp = sampleCount(net, WARM_UP_COUNTS);
  await timeCalls(controlled, 'worker', url, {}, warmUp);
  await timeCalls(direct, 'direct', url, directHeaders, warmUp);
  await timeCalls(controlled, 'getUser', url, {}, Math.ceil(warmUp / 2));
  await timeCalls(theirs, 'getUser', url, {}, Math.ceil(warmUp / 2));
  // What one getUser() costs on the wire once warm: requests that reached the emulator, preflights included.
  const wire = {} as Record<Client, { perCall: number; preflightsPerCall: number }>;
  for (const [client, page] of [['ours', controlled], ['theirs', theirs]] as const) {
    const before = await emulatorStats(emulatorUrl);
    await timeCalls(page, 'getUser', url, {}, WIRE_CALLS, SDK_THROTTLE_GAP_MS);
    const after = await emulatorStats(emulatorUrl);
    const options = preflights(after) - preflights(before);
    wire[client] = { perCall: (totalRequests(after) - totalRequests(before) + options) / WIRE_CALLS, preflightsPerCall: options / WIRE_CALLS };
  }
  for (let b = 0; b < BATCHES; b++) {
    const order = b % 2 ? (['directNoStore', 'direct', 'worker'] as const) : (['worker', 'direct', 'directNoStore'] as const);
    for (const key of order) {
      if (key === 'worker') samples.worker.push(...(await timeCalls(controlled, 'worker', url, {}, PER_BATCH)));
      // 'no-store' as the official client sends it: Chromium then skips its CORS preflight cache.
      else samples[key].push(...(await timeCalls(direct, 'direct', url, directHeaders, PER_BATCH, 0, key === 'direct' ? 'default' : 'no-store')));
    }
    const clients = b % 2 ? (['theirsGetUser', 'oursGetUser'] as const) : (['oursGetUser', 'theirsGetUser'] as const);
    for (const key of clients) samples[key].push(...(await timeCalls(key === 'oursGetUser' ? controlled : theirs, 'getUser', url, {}, GET_USER_PER_BATCH, SDK_THROTTLE_GAP_MS)));
  }
  // Back to back, the SDK's throttle shows: each getUser() after the first waits for the 300 ms window.
  const sequential = sampleCount(net, BACK_TO_BACK_COUNTS);
  const backToBack = { ours: await timeCalls(controlled, 'getUser', url, {}, sequential), theirs: await timeCalls(theirs, 'getUser', url, {}, sequential) };
  for (const context of [oursContext, directContext, theirsContext]) await context.close();

  const n = BATCHES * PER_BATCH;
  const name = '5. Per-request overhead';
  const row = (metric: string, a: number[], b: number[], p: number, note?: string): ResultRow => ({
    benchmark: name,
    metric,
    ours: ms(percentile(a, p)),
    theirs: ms(percentile(b, p)),
    oursValue: percentile(a, p),
    theirsValue: percentile(b, p),
    ...(note ? { note } : {}),
  });
  const added = (p: number) => percentile(samples.worker, p) - percentile(samples.direct, p);
  return [
    row('GET /users/me via our worker (ours col) vs sent directly (theirs col), p50', samples.worker, samples.direct, 50,
      `${n} each, alternating batches; direct = same token and headers from an uncontrolled page, default cache mode (its preflight is cached); worker minus direct: p50 ${signed(added(50))}, p95 ${signed(added(95))}`),
    row('same, p95', samples.worker, samples.direct, 95),
    row("GET via our worker (ours col) vs sent directly with cache: 'no-store' (theirs col), p50", samples.worker, samples.directNoStore, 50,
      `What the official client sends: Chromium skips its CORS preflight cache for no-store/no-cache requests, so each such GET costs an OPTIONS round trip too. The worker sends the default mode (no preflight once cached: row 'API requests per call' below). Worker vs direct no-store: p50 ${signed(percentile(samples.worker, 50) - percentile(samples.directNoStore, 50))}, p95 ${signed(percentile(samples.worker, 95) - percentile(samples.directNoStore, 95))}`),
    row('same, p95', samples.worker, samples.directNoStore, 95),
    {
      benchmark: name,
      metric: 'client getUser(), warm: API requests that reached the emulator per call (CORS preflights counted)',
      ours: String(wire.ours.perCall),
      theirs: String(wire.theirs.perCall),
      oursValue: wire.ours.perCall,
      theirsValue: wire.theirs.perCall,
      note: `${WIRE_CALLS} calls 320 ms apart after a warm-up; of which preflights per call: ours ${wire.ours.preflightsPerCall}, theirs ${wire.theirs.preflightsPerCall}`,
    },
    row('client getUser() (one GET /users/me), calls 320 ms apart, p50', samples.oursGetUser, samples.theirsGetUser, 50,
      `${BATCHES * GET_USER_PER_BATCH} each; ours: app.getUser() on a controlled page; theirs: app.getUser() with cookie tokens, spaced past its 300 ms cache throttle`),
    row('same, p95', samples.oursGetUser, samples.theirsGetUser, 95),
    row(`client getUser() back to back (${sequential} sequential calls), p50`, backToBack.ours, backToBack.theirs, 50,
      '@stackframe/stack-shared AsyncValueCache: concurrency 1, throttleMs 300, batchCalls (utils/caches.js): sequential calls are spaced ~300 ms apart'),
  ];
}

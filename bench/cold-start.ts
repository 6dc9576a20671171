// 2. Cold start: navigation to the first render of the signed-in user's e-mail, with a stored session.
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { USER_RENDERED_MARK } from './apps/shared-view.ts';
import { CLIENTS, createUser, emulatorStats, newContext, openSignedIn, sampleCount, totalRequests, type BenchApp, type BenchNet, type Client } from './harness.ts';
import { median, ms, percentile } from './stats.ts';
import type { ResultRow } from './table.ts';

/** Loads per client on loopback; fewer where every load costs round trips. */
const LOADS = { loopback: 20, slow: 10, smoke: 2 };
/** After the e-mail shows, requests still starting within this window count as part of the load. */
const SETTLE_MS = 300;

interface Load {
  renderMs: number;
  /** Requests that went to the network (page and worker), minus page requests the worker answered. */
  network: number;
  /** Of `network`, those that started before the e-mail was rendered (the render's critical path and what ran beside it). */
  beforeRender: number;
  beforeRenderList: string[];
  /** Requests that reached the emulator's /api (CORS preflights not counted). */
  api: number;
  /** What went to the network, e.g. `GET /sw.js`, `GET :28102/api/v1/users/me (worker)`. */
  list: string[];
}

interface Side {
  app: BenchApp;
  context: BrowserContext;
  page: Page;
  loads: Load[];
}

async function oneLoad(side: Side, emulatorUrl: string): Promise<Load> {
  const requests: Request[] = [];
  const onRequest = (request: Request) => requests.push(request);
  side.context.on('request', onRequest);
  const before = totalRequests(await emulatorStats(emulatorUrl));
  await side.page.goto(side.app.url, { timeout: 15_000 });
  const { renderMs, renderedAt, timeOrigin } = await side.page.evaluate(async (mark) => {
    const deadline = performance.now() + 10_000;
    while (performance.getEntriesByName(mark).length === 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    const entry = performance.getEntriesByName(mark)[0];
    if (!entry) throw new Error('the user e-mail was not rendered within 10 s');
    return { renderMs: entry.startTime, renderedAt: performance.timeOrigin + entry.startTime, timeOrigin: performance.timeOrigin };
  }, USER_RENDERED_MARK);
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  side.context.off('request', onRequest);
  const after = totalRequests(await emulatorStats(emulatorUrl));
  const list: string[] = [];
  const beforeRenderList: string[] = [];
  const timeline: string[] = [];
  for (const request of requests) {
    const response = await request.response().catch(() => null);
    if (!request.serviceWorker() && response?.fromServiceWorker()) continue;
    const url = new URL(request.url());
    const where = url.origin === new URL(side.app.url).origin ? '' : `:${url.port}`;
    const name = `${request.method()} ${where}${url.pathname.replace(/-[\w-]{8}\.js$/, '.js')}${request.serviceWorker() ? ' (worker)' : ''}`;
    list.push(name);
    // timing().startTime: epoch ms, the same clock as the page's timeOrigin.
    if (request.timing().startTime <= renderedAt) beforeRenderList.push(name);
    const t = request.timing();
    if (process.env.BENCH_TIMELINE) timeline.push(`${(t.startTime - timeOrigin).toFixed(0).padStart(5)} +${t.responseEnd.toFixed(0).padStart(4)} (connect ${t.connectEnd >= 0 ? (t.connectEnd - t.connectStart).toFixed(0) : '-'}) ${name}`);
  }
  if (process.env.BENCH_TIMELINE) console.log(`[timeline ${side.app.client}] render ${renderMs.toFixed(0)} ms\n  ${timeline.join('\n  ')}`);
  return { renderMs, network: list.length, beforeRender: beforeRenderList.length, beforeRenderList, api: after - before, list };
}

/**
 * How the apps' files are cached between loads: `vite preview`'s `no-cache`, immutable hashed assets (a CDN's),
 * (`precached`) our app's worker serving the HTML and scripts from its Workbox precache, or (`defaults`) from the
 * app shell the Vite plugin precaches by default; theirs as in row 2 for the last two.
 */
export type AssetCaching = 'revalidated' | 'immutable' | 'precached' | 'defaults';

export const ROW_NAMES: Record<AssetCaching, string> = {
  revalidated: '2. Cold start',
  immutable: '2b. Cold start, hashed assets immutable',
  precached: '2c. Cold start, our worker precaches the app shell',
  defaults: '2d. Cold start, the app as built with the plugin defaults',
};

const ROW_NOTES: Record<AssetCaching, string> = {
  revalidated:
    'stored session (our worker + IndexedDB; their cookies); warm HTTP cache, every file `no-cache` (vite preview), so each script is revalidated per load; same tab reloaded',
  immutable:
    "as row 2, but the apps' hashed /assets/ files are served `cache-control: public, max-age=31536000, immutable` (as CDNs serve them), so a reload takes them from the HTTP cache without revalidating; the HTML is still revalidated",
  precached:
    "our app's worker is authworker composed with a Workbox precache of the build (as docs/service-worker.md shows; bench/entries/auth-worker-precached.js), so the HTML and scripts come from the worker's cache and only the user's revalidation goes to the network. @stackframe/js has no worker: theirs is loaded as in row 2",
  defaults:
    "the app people get: our worker is `installAuthWorker` alone, built by `serviceWorkerPlugin({ entry })` with no other option, which precaches the app shell (docs/getting-started.md step 3); files served `no-cache` as in row 2. Theirs is loaded as in row 2",
};

export async function coldStart(browser: Browser, apps: Record<Client, BenchApp>, net: BenchNet, caching: AssetCaching = 'revalidated'): Promise<ResultRow[]> {
  for (const client of CLIENTS) apps[client].setImmutableAssets(caching === 'immutable');
  try {
    return await measure(browser, apps, net, caching);
  } finally {
    for (const client of CLIENTS) apps[client].setImmutableAssets(false);
  }
}

async function measure(browser: Browser, apps: Record<Client, BenchApp>, net: BenchNet, caching: AssetCaching): Promise<ResultRow[]> {
  const emulatorUrl = net.emulatorUrl;
  const loads = sampleCount(net, LOADS);
  const sides = {} as Record<Client, Side>;
  for (const client of CLIENTS) {
    const context = await newContext(browser);
    const email = await createUser(emulatorUrl, `cold-${client}`);
    const page = await openSignedIn(context, apps[client], email);
    sides[client] = { app: apps[client], context, page, loads: [] };
    await oneLoad(sides[client], emulatorUrl); // warm-up: browser cache, worker started
  }
  // Alternate the clients load by load so drift (CPU, GC, the emulator's database) hits both alike.
  for (let i = 0; i < loads; i++) for (const client of i % 2 ? [...CLIENTS].reverse() : CLIENTS) sides[client].loads.push(await oneLoad(sides[client], emulatorUrl));
  for (const side of Object.values(sides)) await side.context.close();

  const render = (c: Client) => sides[c].loads.map((l) => l.renderMs);
  const network = (c: Client) => median(sides[c].loads.map((l) => l.network));
  const beforeRender = (c: Client) => median(sides[c].loads.map((l) => l.beforeRender));
  const api = (c: Client) => median(sides[c].loads.map((l) => l.api));
  const name = ROW_NAMES[caching];
  return [
    {
      benchmark: name,
      metric: `navigation -> e-mail rendered, median of ${loads}`,
      ours: ms(median(render('ours'))),
      theirs: ms(median(render('theirs'))),
      oursValue: median(render('ours')),
      theirsValue: median(render('theirs')),
      note: ROW_NOTES[caching],
    },
    {
      benchmark: name,
      metric: 'navigation -> e-mail rendered, p95',
      ours: ms(percentile(render('ours'), 95)),
      theirs: ms(percentile(render('theirs'), 95)),
      oursValue: percentile(render('ours'), 95),
      theirsValue: percentile(render('theirs'), 95),
    },
    {
      benchmark: name,
      metric: 'network requests per load (median)',
      ours: String(network('ours')),
      theirs: String(network('theirs')),
      oursValue: network('ours'),
      theirsValue: network('theirs'),
      note: `seen by Chromium until ${SETTLE_MS} ms after the render (page requests the worker answered are counted once, as the worker's; requests the HTTP cache answered count too). Last load: ours ${sides.ours.loads.at(-1)?.list.join(', ')}; theirs ${sides.theirs.loads.at(-1)?.list.join(', ')}`,
    },
    {
      benchmark: name,
      metric: 'of which started before the e-mail was rendered (median)',
      ours: String(beforeRender('ours')),
      theirs: String(beforeRender('theirs')),
      oursValue: beforeRender('ours'),
      theirsValue: beforeRender('theirs'),
      note: `Last load: ours ${sides.ours.loads.at(-1)?.beforeRenderList.join(', ')}; theirs ${sides.theirs.loads.at(-1)?.beforeRenderList.join(', ')}`,
    },
    {
      benchmark: name,
      metric: 'of which reached the API (median)',
      ours: String(api('ours')),
      theirs: String(api('theirs')),
      oursValue: api('ours'),
      theirsValue: api('theirs'),
      note: 'counted by the emulator (/emulator/api/stats), CORS preflights excluded',
    },
  ];
}

// `tsx bench/worker-profile.ts`: where a GET through the worker spends its time. Signs in on the bench app, then
// records a Chromium trace (with V8's sampling CPU profiler) while the page sends N sequential GET /users/me
// through the worker, and prints the worker thread's CPU time per request: by function (self time) and by part of
// the bundle. The worker is rebuilt unminified so the names read as in the sources. Then it times the same GET three
// ways, interleaved: through our worker, through a bare pass-through worker (`respondWith(fetch(request))`: what any
// service worker costs), and sent directly. A report, not a timed test.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { DEMO_PROJECT } from '../emulator/domain/seed.ts';
import { ROOT, WORKER_ENTRY } from './bundle.ts';
import { writeSection } from './sections.ts';
import { buildAndServeApp, createUser, directApiHeaders, launchChromium, newContext, openSignedIn, startEmulatorProcess } from './harness.ts';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '200' }, top: { type: 'string', default: '25' } } });
const REQUESTS = Number(values.requests);
const TOP = Number(values.top);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { name?: string; data?: ProfileData };
}
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileData {
  cpuProfile?: { nodes?: { id: number; callFrame: CallFrame; parent?: number }[]; samples?: number[] };
  timeDeltas?: number[];
}

/** Rebuilds the app's worker unminified (same entry and config, no precache) over the minified one. */
async function unminifiedWorker(outDir: string, config: object): Promise<void> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    publicDir: false,
    define: { __AUTHWORKER_BENCH__: JSON.stringify({ ...config, exposeAccessToken: true }), __PRECACHE_MANIFEST__: '[]' },
    build: { write: false, minify: false, sourcemap: false, rollupOptions: { input: resolve(ROOT, WORKER_ENTRY), output: { format: 'iife', entryFileNames: 'sw.js' } } },
  });
  const output = (Array.isArray(result) ? result[0] : result) as { output: { type: string; code?: string }[] };
  const chunk = output.output.find((item) => item.type === 'chunk');
  if (!chunk?.code) throw new Error('no worker chunk');
  await writeFile(resolve(outDir, 'sw.js'), chunk.code);
}

/** Which part of the bundle a function comes from, by the package its source was in (unminified names). */
const BARE_WORKER = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (new URL(event.request.url).pathname.startsWith('/api/v1/')) event.respondWith(fetch(event.request));
});
`;

function partOf(frame: CallFrame, workerUrl: string): string {
  if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  if (frame.url !== workerUrl) return 'other script';
  return 'worker script';
}

const emulator = await startEmulatorProcess();
const config = { apiUrl: emulator.url, projectId: DEMO_PROJECT.id, publishableClientKey: DEMO_PROJECT.publishableClientKey };
const app = await buildAndServeApp('ours', config);
await unminifiedWorker(resolve(ROOT, 'bench/out/ours'), config);
const browser = await launchChromium();
try {
  const context = await newContext(browser);
  const page = await openSignedIn(context, app, await createUser(emulator.url, 'profile'));
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  const url = `${emulator.url}/api/v1/users/me`;
  const run = (count: number) =>
    page.evaluate(
      async ({ url, count }) => {
        const times: number[] = [];
        for (let i = 0; i < count; i++) {
          const started = performance.now();
          const response = await fetch(url);
          await response.text();
          if (response.status !== 200) throw new Error(`GET answered ${response.status}`);
          times.push(performance.now() - started);
        }
        return times;
      },
      { url, count },
    );
  await run(30); // warm-up: connections, preflight cache, JIT
  await browser.startTracing(undefined, { categories: ['disabled-by-default-v8.cpu_profiler', 'v8', 'devtools.timeline', 'toplevel', '__metadata'] });
  const wallStarted = Date.now();
  const times = await run(REQUESTS);
  const wallMs = Date.now() - wallStarted;
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const events = trace.traceEvents;

  const threadNames = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name) threadNames.set(`${e.pid}:${e.tid}`, e.args.name);
  const swThreads = new Set([...threadNames].filter(([, name]) => /service ?worker/i.test(name)).map(([key]) => key));
  if (swThreads.size === 0) throw new Error(`no service worker thread in the trace (threads: ${[...new Set(threadNames.values())].join(', ')})`);

  // The sampled CPU profile of the worker thread: Profile + ProfileChunk events share an id.
  const profileIds = new Set(events.filter((e) => e.name === 'Profile' && swThreads.has(`${e.pid}:${e.tid}`)).map((e) => e.id));
  const nodes = new Map<number, { frame: CallFrame; parent?: number }>();
  const selfUs = new Map<number, number>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !profileIds.has(e.id)) continue;
    const data = e.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, { frame: node.callFrame, parent: node.parent });
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    // A sample's time is the gap to the next one; the chunk's first delta is the gap from the previous chunk.
    samples.forEach((nodeId, i) => selfUs.set(nodeId, (selfUs.get(nodeId) ?? 0) + Math.max(0, deltas[i + 1] ?? 0)));
  }
  const workerUrl = `${new URL(app.url).origin}/sw.js`;
  const byFunction = new Map<string, number>();
  const byPart = new Map<string, number>();
  let busyUs = 0;
  for (const [nodeId, us] of selfUs) {
    const frame = nodes.get(nodeId)?.frame;
    if (!frame) continue;
    if (frame.functionName === '(idle)') continue;
    busyUs += us;
    const label = `${frame.functionName || '(anonymous)'} ${frame.url ? `${frame.url === workerUrl ? 'sw.js' : frame.url}:${frame.lineNumber + 1}` : ''}`.trim();
    byFunction.set(label, (byFunction.get(label) ?? 0) + us);
    const part = partOf(frame, workerUrl);
    byPart.set(part, (byPart.get(part) ?? 0) + us);
  }
  // Top-level trace slices on the worker thread (fetch-event dispatch, tasks) by total duration.
  const slices = new Map<string, { count: number; us: number }>();
  for (const e of events) {
    if (e.ph !== 'X' || !swThreads.has(`${e.pid}:${e.tid}`)) continue;
    const slice = slices.get(e.name) ?? { count: 0, us: 0 };
    slice.count++;
    slice.us += e.dur ?? 0;
    slices.set(e.name, slice);
  }

  const sorted = [...times].sort((a, b) => a - b);
  const perRequest = (us: number) => `${(us / 1000 / REQUESTS).toFixed(3)} ms`;
  const lines: string[] = [];
  lines.push(`## Worker CPU per GET /users/me (${REQUESTS} sequential requests, loopback, unminified worker)`, '');
  lines.push(`Page-measured latency: p50 ${sorted[Math.floor(REQUESTS / 2)]?.toFixed(2)} ms, p95 ${sorted[Math.floor(REQUESTS * 0.95)]?.toFixed(2)} ms; ${wallMs} ms wall in all.`);
  lines.push(`Worker thread busy (sampled, idle excluded): ${perRequest(busyUs)} per request.`, '');
  lines.push('| part | CPU per request | share |', '|---|---|---|');
  for (const [part, us] of [...byPart].sort((a, b) => b[1] - a[1])) lines.push(`| ${part} | ${perRequest(us)} | ${((100 * us) / busyUs).toFixed(1)}% |`);
  lines.push('', `| function (self time, top ${TOP}) | CPU per request | share |`, '|---|---|---|');
  for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP)) lines.push(`| \`${name}\` | ${perRequest(us)} | ${((100 * us) / busyUs).toFixed(1)}% |`);
  lines.push('', '| worker-thread trace slice | count | total per request |', '|---|---|---|');
  for (const [name, slice] of [...slices].sort((a, b) => b[1].us - a[1].us).slice(0, 12)) lines.push(`| ${name} | ${slice.count} | ${perRequest(slice.us)} |`);
  lines.push('', ...(await compareWithBareWorker()));
  const report = lines.join('\n');
  console.log(report);
  writeSection(resolve(ROOT, 'bench/RESULTS.md'), 'worker-profile', `${report}\n\nMeasured ${new Date().toISOString()}, load average ${loadavg()[0]?.toFixed(2)} on ${cpus().length} cores (\`npm run bench:worker-profile\`).`);
  await writeFile(resolve(ROOT, 'bench/out/worker-profile.trace.json'), JSON.stringify(trace));

  /** Our worker vs a bare pass-through worker vs no worker: 10 alternating batches of 20 each, p50 and p95. */
  async function compareWithBareWorker(): Promise<string[]> {
    const headers = await directApiHeaders(page);
    await writeFile(resolve(ROOT, 'bench/out/ours/passthrough-sw.js'), BARE_WORKER);
    const bareContext = await newContext(browser);
    const bare = await bareContext.newPage();
    await bare.goto(`${app.url}blank.html`);
    await bare.evaluate(async () => {
      await navigator.serviceWorker.register('/passthrough-sw.js');
      await navigator.serviceWorker.ready;
    });
    await bare.reload();
    await bare.waitForFunction(() => !!navigator.serviceWorker.controller);
    const directContext = await newContext(browser, { serviceWorkers: 'block' });
    const direct = await directContext.newPage();
    await direct.goto(`${app.url}blank.html`);
    const timed = (target: typeof page, count: number, withHeaders: boolean) =>
      target.evaluate(
        async ({ url, count, headers }) => {
          const times: number[] = [];
          for (let i = 0; i < count; i++) {
            const started = performance.now();
            const response = await fetch(url, { headers });
            await response.text();
            if (response.status !== 200) throw new Error(`GET answered ${response.status}`);
            times.push(performance.now() - started);
          }
          return times;
        },
        { url, count, headers: withHeaders ? headers : {} },
      );
    const modes = [
      ['through our worker', page, false],
      ['through a bare pass-through worker', bare, true],
      ['sent directly (no worker)', direct, true],
    ] as const;
    for (const [, target, withHeaders] of modes) await timed(target, 20, withHeaders);
    const samples = new Map<string, number[]>(modes.map(([name]) => [name, []]));
    for (let batch = 0; batch < 10; batch++) {
      for (const [name, target, withHeaders] of modes) samples.get(name)?.push(...(await timed(target, 20, withHeaders)));
    }
    const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(values.length * q)] ?? NaN;
    const p50 = (name: string) => quantile(samples.get(name) ?? [], 0.5);
    const out = ['| GET /users/me, loopback, 200 each (10 alternating batches) | p50 | p95 |', '|---|---|---|'];
    for (const [name] of modes) out.push(`| ${name} | ${p50(name).toFixed(2)} ms | ${quantile(samples.get(name) ?? [], 0.95).toFixed(2)} ms |`);
    const [ours, passThrough, none] = modes.map(([name]) => p50(name)) as [number, number, number];
    out.push('', `Any service worker (bare minus direct): ${(passThrough - none).toFixed(2)} ms p50; ours beyond a bare worker: ${(ours - passThrough).toFixed(2)} ms p50.`);
    await bareContext.close();
    await directContext.close();
    return out;
  }
} finally {
  await browser.close();
  await app.server.close();
  await app.proxy.close();
  await emulator.stop();
}

// `tsx bench/worker-profile.ts`: where a GET through the worker spends its time. Signs in on the bench app, then
// records a Chromium trace (with V8's sampling CPU profiler) while the page sends N sequential GET /users/me
// through the worker, and prints the worker thread's CPU time per request: by function (self time) and by part of
// the bundle, and by the nearest worker-script caller (so native work is charged to the code that asked for it). The
// worker is rebuilt unminified so the names read as in the sources. The bare pass-through worker gets the same trace.
// Then it times the same GET three ways, interleaved: through our worker, through a bare pass-through worker
// (`respondWith(fetch(request))`: what any service worker costs), and sent directly. A report, not a timed test.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { DEMO_PROJECT } from '../emulator/domain/seed.ts';
import { ROOT, WORKER_ENTRY } from './bundle.ts';
import { writeSection } from './sections.ts';
import { buildAndServeApp, createUser, directApiHeaders, launchChromium, newContext, openSignedIn, startEmulatorProcess } from './harness.ts';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '200' }, top: { type: 'string', default: '25' }, path: { type: 'string', default: '/users/me' } } });
const REQUESTS = Number(values.requests);
/** The GETs timed three ways: one the worker keeps for offline use (it reads the body), one it streams through. */
const TIMED_PATHS = ['/users/me', '/contact-channels?user_id=me'];
/** The GET the two workers are profiled on. */
const PROFILED_PATH = values.path;
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

interface WorkerProfile {
  busyUs: number;
  byPart: Map<string, number>;
  byFunction: Map<string, number>;
  /** Self time charged to the nearest frame of the worker script up the stack (native callees included). */
  byCaller: Map<string, number>;
  slices: Map<string, { count: number; us: number }>;
}

const perRequest = (us: number) => `${(us / 1000 / REQUESTS).toFixed(3)} ms`;
const share = (us: number, total: number) => `${((100 * us) / total).toFixed(1)}%`;
const top = (map: Map<string, number>, count = Infinity) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);

/** Runs `work` under a Chromium trace with V8's CPU sampler and reads the service-worker threads' profile. */
async function profiled<T>(work: () => Promise<T>, workerUrl: string): Promise<{ profile: WorkerProfile; result: T; trace: { traceEvents: TraceEvent[] } }> {
  await browser.startTracing(undefined, { categories: ['disabled-by-default-v8.cpu_profiler', 'v8', 'devtools.timeline', 'toplevel', '__metadata'] });
  const result = await work();
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  return { profile: analyse(trace.traceEvents, workerUrl), result, trace };
}

function analyse(events: TraceEvent[], workerUrl: string): WorkerProfile {
  const threadNames = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name) threadNames.set(`${e.pid}:${e.tid}`, e.args.name);
  const swThreads = new Set([...threadNames].filter(([, name]) => /service ?worker/i.test(name)).map(([key]) => key));
  if (swThreads.size === 0) throw new Error(`no service worker thread in the trace (threads: ${[...new Set(threadNames.values())].join(', ')})`);

  // The sampled CPU profile of the worker thread: Profile + ProfileChunk events share an id.
  const profileIds = new Set(events.filter((e) => e.name === 'Profile' && swThreads.has(`${e.pid}:${e.tid}`)).map((e) => e.id));
  const nodes = new Map<string, { frame: CallFrame; parent?: number }>();
  const selfUs = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !profileIds.has(e.id)) continue;
    const data = e.args?.data;
    // Node ids are per profile (one per worker thread).
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(`${e.id}:${node.id}`, { frame: node.callFrame, parent: node.parent });
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    // A sample's time is the gap to the next one; the chunk's first delta is the gap from the previous chunk.
    samples.forEach((nodeId, i) => add(selfUs, `${e.id}:${nodeId}`, Math.max(0, deltas[i + 1] ?? 0)));
  }
  const profile: WorkerProfile = { busyUs: 0, byPart: new Map(), byFunction: new Map(), byCaller: new Map(), slices: new Map() };
  const label = (frame: CallFrame) =>
    `${frame.functionName || '(anonymous)'} ${frame.url ? `${frame.url === workerUrl ? workerUrl.split('/').at(-1) : frame.url}:${frame.lineNumber + 1}` : ''}`.trim();
  for (const [key, us] of selfUs) {
    const node = nodes.get(key);
    if (!node || node.frame.functionName === '(idle)') continue;
    profile.busyUs += us;
    add(profile.byFunction, label(node.frame), us);
    add(profile.byPart, partOf(node.frame, workerUrl), us);
    let caller: { frame: CallFrame; parent?: number } | undefined = node;
    const profileId = key.slice(0, key.lastIndexOf(':'));
    while (caller && caller.frame.url !== workerUrl) caller = caller.parent === undefined ? undefined : nodes.get(`${profileId}:${caller.parent}`);
    add(profile.byCaller, caller ? label(caller.frame) : '(no worker-script frame on the stack)', us);
  }
  // Top-level trace slices on the worker thread (fetch-event dispatch, tasks) by total duration.
  for (const e of events) {
    if (e.ph !== 'X' || !swThreads.has(`${e.pid}:${e.tid}`)) continue;
    const slice = profile.slices.get(e.name) ?? { count: 0, us: 0 };
    slice.count++;
    slice.us += e.dur ?? 0;
    profile.slices.set(e.name, slice);
  }
  return profile;
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
  const url = `${emulator.url}/api/v1${PROFILED_PATH}`;
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
  const workerUrl = `${new URL(app.url).origin}/sw.js`;
  const wallStarted = Date.now();
  const { profile: oursProfile, result: times, trace } = await profiled(() => run(REQUESTS), workerUrl);
  const wallMs = Date.now() - wallStarted;

  const sorted = [...times].sort((a, b) => a - b);
  const lines: string[] = [];
  lines.push(`## Worker CPU per GET ${PROFILED_PATH} (${REQUESTS} sequential requests, loopback, unminified worker)`, '');
  lines.push(`Page-measured latency: p50 ${sorted[Math.floor(REQUESTS / 2)]?.toFixed(2)} ms, p95 ${sorted[Math.floor(REQUESTS * 0.95)]?.toFixed(2)} ms; ${wallMs} ms wall in all.`);
  lines.push(`Worker thread busy (sampled, idle excluded): ${perRequest(oursProfile.busyUs)} per request.`, '');
  lines.push('| part | CPU per request | share |', '|---|---|---|');
  for (const [part, us] of top(oursProfile.byPart)) lines.push(`| ${part} | ${perRequest(us)} | ${share(us, oursProfile.busyUs)} |`);
  lines.push('', `| function (self time, top ${TOP}) | CPU per request | share |`, '|---|---|---|');
  for (const [name, us] of top(oursProfile.byFunction, TOP)) lines.push(`| \`${name}\` | ${perRequest(us)} | ${share(us, oursProfile.busyUs)} |`);
  lines.push('', `| nearest worker-script caller (its native callees included, top ${TOP}) | CPU per request | share |`, '|---|---|---|');
  for (const [name, us] of top(oursProfile.byCaller, TOP)) lines.push(`| \`${name}\` | ${perRequest(us)} | ${share(us, oursProfile.busyUs)} |`);
  lines.push('', '| worker-thread trace slice | count | total per request |', '|---|---|---|');
  for (const [name, slice] of [...oursProfile.slices].sort((a, b) => b[1].us - a[1].us).slice(0, 12)) lines.push(`| ${name} | ${slice.count} | ${perRequest(slice.us)} |`);
  lines.push('', ...(await compareWithBareWorker()));
  const report = lines.join('\n');
  console.log(report);
  writeSection(resolve(ROOT, 'bench/RESULTS.md'), 'worker-profile', `${report}\n\nMeasured ${new Date().toISOString()}, load average ${loadavg()[0]?.toFixed(2)} on ${cpus().length} cores (\`npm run bench:worker-profile\`).`);
  await writeFile(resolve(ROOT, 'bench/out/worker-profile.trace.json'), JSON.stringify(trace));

  /** Our worker vs a bare pass-through worker vs no worker, per path: 10 alternating batches of 20 each, p50 and p95. */
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
    const timed = (target: typeof page, count: number, withHeaders: boolean, path: string) =>
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
        { url: `${emulator.url}/api/v1${path}`, count, headers: withHeaders ? headers : {} },
      );
    // The same trace over the bare worker: the worker-thread time any service worker costs per GET.
    const bareUrl = `${new URL(app.url).origin}/passthrough-sw.js`;
    await timed(bare, 30, true, PROFILED_PATH);
    const { profile: bareProfile } = await profiled(() => timed(bare, REQUESTS, true, PROFILED_PATH), bareUrl);
    const nativeOf = (profile: WorkerProfile) => profile.busyUs - (profile.byPart.get('worker script') ?? 0);
    const profileRows = [
      '| worker thread per GET (sampled) | busy | outside the worker script | worker script |',
      '|---|---|---|---|',
      `| our worker | ${perRequest(oursProfile.busyUs)} | ${perRequest(nativeOf(oursProfile))} | ${perRequest(oursProfile.byPart.get('worker script') ?? 0)} |`,
      `| bare pass-through worker | ${perRequest(bareProfile.busyUs)} | ${perRequest(nativeOf(bareProfile))} | ${perRequest(bareProfile.byPart.get('worker script') ?? 0)} |`,
      '',
      '| bare worker: function (self time, top 10) | CPU per request |',
      '|---|---|',
      ...top(bareProfile.byFunction, 10).map(([name, us]) => `| \`${name}\` | ${perRequest(us)} |`),
      '',
    ];
    const modes = [
      ['through our worker', page, false],
      ['through a bare pass-through worker', bare, true],
      ['sent directly (no worker)', direct, true],
    ] as const;
    const out = [...profileRows];
    const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(values.length * q)] ?? NaN;
    // /users/me is kept for offline use, so the worker reads it; a GET it needs not read streams through.
    for (const path of TIMED_PATHS) {
      for (const [, target, withHeaders] of modes) await timed(target, 20, withHeaders, path);
      const samples = new Map<string, number[]>(modes.map(([name]) => [name, []]));
      for (let batch = 0; batch < 10; batch++) {
        for (const [name, target, withHeaders] of modes) samples.get(name)?.push(...(await timed(target, 20, withHeaders, path)));
      }
      const p50 = (name: string) => quantile(samples.get(name) ?? [], 0.5);
      out.push(`| GET ${path}, loopback, 200 each (10 alternating batches) | p50 | p95 |`, '|---|---|---|');
      for (const [name] of modes) out.push(`| ${name} | ${p50(name).toFixed(2)} ms | ${quantile(samples.get(name) ?? [], 0.95).toFixed(2)} ms |`);
      const [ours, passThrough, none] = modes.map(([name]) => p50(name)) as [number, number, number];
      out.push('', `GET ${path}: any service worker (bare minus direct) ${(passThrough - none).toFixed(2)} ms p50; ours beyond a bare worker ${(ours - passThrough).toFixed(2)} ms p50.`, '');
    }
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

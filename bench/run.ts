// `tsx bench/run.ts`: issue-8 benchmarks of authworker against @stackframe/js, in one process tree: one
// emulator (child process), both bench apps (Vite build + preview), one Chromium. Writes bench/RESULTS.md
// and prints the table. Timings never fail anything; a row that could not be measured (or a broken set-up) exits 1.
// `--smoke` (npm run bench:smoke, part of npm test): every browser row at 40 ms with a few samples, into bench/out/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import { DEMO_PROJECT } from '../emulator/domain/seed.ts';
import { coldStart, ROW_NAMES } from './cold-start.ts';
import { crossTabSignOut } from './cross-tab-sign-out.ts';
import { emulatorThroughput } from './emulator-throughput.ts';
import { emulatorStart } from './emulator-start.ts';
import { buildAndServeApp, CLIENTS, launchChromium, PREFERRED_PROXY_PORTS, proxyInFront, startEmulatorProcess, withDeadline, type BenchApp, type BenchNet, type Client, type EmulatorProcess } from './harness.ts';
import { PROFILES, type LatencyProfile, type LatencyProxy } from './latency-proxy.ts';
import { refreshStorm } from './refresh-storm.ts';
import { requestOverhead } from './request-overhead.ts';
import { sizeRows } from './size.ts';
import { userEditAcrossTabs } from './user-edit.ts';
import { scalingWithTabs } from './scaling-tabs.ts';
import { requestsInFlight } from './scaling-in-flight.ts';
import { ROOT } from './bundle.ts';
import { keptSections } from './sections.ts';
import { failureSummary, markdownTable, notApplicable, type ResultRow } from './table.ts';

const SCENARIOS = ['size', 'cold-start', 'refresh-storm', 'sign-out', 'overhead', 'emulator', 'user-edit', 'tabs', 'in-flight', 'emulator-start'] as const;
type Scenario = (typeof SCENARIOS)[number];

const { values } = parseArgs({ options: { only: { type: 'string' }, profiles: { type: 'string' }, out: { type: 'string' }, smoke: { type: 'boolean', default: false } } });
const smoke = values.smoke;
/** The smoke leaves out the rows without a browser (size has its own `npm run size`, the emulator its own bench). */
const SMOKE_SCENARIOS: readonly Scenario[] = ['cold-start', 'refresh-storm', 'sign-out', 'overhead', 'user-edit', 'tabs', 'in-flight'];
const selected = new Set<Scenario>(values.only ? (values.only.split(',') as Scenario[]) : smoke ? SMOKE_SCENARIOS : SCENARIOS);
/** `--profiles 0,40,150` (RTT in ms): the network profiles every browser scenario runs under; the smoke's is 40 ms. */
const profileList = values.profiles?.split(',') ?? (smoke ? ['40'] : undefined);
const profiles: readonly LatencyProfile[] = profileList ? PROFILES.filter((p) => profileList.includes(String(p.rttMs))) : PROFILES;
const outFile = values.out ?? resolve(ROOT, smoke ? 'bench/out/smoke-results.md' : 'bench/RESULTS.md');
/** Per scenario; a scenario that overruns is recorded as failed and the run goes on. */
const SCENARIO_DEADLINE_MS = smoke ? 60_000 : 240_000;

const started = performance.now();
const loadAtStart = loadavg()[0] ?? 0;
const log = (message: string) => console.log(`[bench ${((performance.now() - started) / 1000).toFixed(1)} s] ${message}`);

let emulator: EmulatorProcess | undefined;
let apiProxy: LatencyProxy | undefined;
let browser: Browser | undefined;
const apps: Partial<Record<Client, BenchApp>> = {};
/** Rows 2c and 2d's builds of our app (a Workbox precache; the plugin's defaults), made when cold-start runs. */
const variantApps: BenchApp[] = [];
const rows: ResultRow[] = [];
let sizeReportText = '';

async function scenario(name: string, run: () => Promise<ResultRow[]>, profile?: LatencyProfile): Promise<void> {
  log(`${name}${profile ? ` @ ${profile.name}` : ''}...`);
  const tag = (row: ResultRow): ResultRow => (profile ? { ...row, network: profile.name } : row);
  try {
    rows.push(...(await withDeadline(run(), SCENARIO_DEADLINE_MS, name)).map(tag));
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? error.name) : String(error);
    console.error(`[bench] ${name} failed:`, error);
    rows.push(tag({ benchmark: name, metric: 'failed', ours: notApplicable(reason), theirs: notApplicable(reason) }));
  }
}

/** One browser scenario under every network profile: the proxies switch, their kept-alive connections close. */
async function browserScenario(name: string, built: Record<Client, BenchApp>, emulatorUrl: string, run: (net: BenchNet) => Promise<ResultRow[]>): Promise<void> {
  const proxies = [apiProxy, built.ours.proxy, built.theirs.proxy];
  for (const profile of profiles) {
    for (const proxy of proxies) proxy?.setProfile(profile);
    await scenario(name, () => run({ apiUrl: apiProxy?.url ?? emulatorUrl, emulatorUrl, profile, smoke }), profile);
  }
  for (const proxy of proxies) proxy?.setProfile(PROFILES[0] as LatencyProfile);
}

try {
  emulator = await startEmulatorProcess();
  apiProxy = await proxyInFront(emulator.url, PREFERRED_PROXY_PORTS.emulator);
  log(`emulator at ${emulator.url}, behind the latency proxy at ${apiProxy.url}`);
  const config = { apiUrl: apiProxy.url, projectId: DEMO_PROJECT.id, publishableClientKey: DEMO_PROJECT.publishableClientKey };
  for (const client of CLIENTS) apps[client] = await buildAndServeApp(client, config);
  const built = apps as Record<Client, BenchApp>;
  log(`apps at ${built.ours.url} (ours) and ${built.theirs.url} (theirs)`);
  browser = await launchChromium();
  const b = browser;
  const emulatorUrl = emulator.url;

  if (selected.has('size')) {
    await scenario('1. Size', async () => {
      const result = await sizeRows(built);
      sizeReportText = result.report;
      return result.rows;
    });
  }
  if (selected.has('cold-start')) {
    await browserScenario(ROW_NAMES.revalidated, built, emulatorUrl, (net) => coldStart(b, built, net));
    // The smoke keeps row 2 and the app people get (2d); the full run measures every caching variant.
    if (!smoke) await browserScenario(ROW_NAMES.immutable, built, emulatorUrl, (net) => coldStart(b, built, net, 'immutable'));
    const variants = [['precached', 'workbox'], ['defaults', 'defaults']] as const;
    for (const [caching, worker] of variants.filter(([caching]) => !smoke || caching === 'defaults')) {
      const variant = await buildAndServeApp('ours', config, worker);
      variantApps.push(variant);
      const pair = { ours: variant, theirs: built.theirs };
      await browserScenario(ROW_NAMES[caching], pair, emulatorUrl, (net) => coldStart(b, pair, net, caching));
    }
  }
  if (selected.has('refresh-storm')) await browserScenario('3. Refresh storm', built, emulatorUrl, (net) => refreshStorm(b, built, net));
  if (selected.has('sign-out')) await browserScenario('4. Cross-tab sign-out', built, emulatorUrl, (net) => crossTabSignOut(b, built, net));
  if (selected.has('overhead')) await browserScenario('5. Per-request overhead', built, emulatorUrl, (net) => requestOverhead(b, built, net));
  if (selected.has('emulator')) await scenario('6. Emulator', () => emulatorThroughput(emulatorUrl));
  if (selected.has('emulator-start')) await scenario('10. Emulator start', () => emulatorStart());
  if (selected.has('user-edit')) await browserScenario('7. User edit across tabs', built, emulatorUrl, (net) => userEditAcrossTabs(b, built, net));
  if (selected.has('tabs')) await browserScenario('8. Scaling with tabs', built, emulatorUrl, (net) => scalingWithTabs(b, built, net));
  if (selected.has('in-flight')) await browserScenario('9. Requests in flight', built, emulatorUrl, (net) => requestsInFlight(b, built, net));

  const chromiumVersion = browser.version();
  const table = markdownTable(rows);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${results(table, chromiumVersion, seconds).trimEnd()}\n${keptSections(outFile)}`);
  log(`wrote ${outFile}`);
  console.log(`\n${table}\n`);
  // A row that could not be measured fails the run: every row at 40 and 150 ms once read "failed" and exited 0.
  const failures = failureSummary(rows);
  if (failures !== null) {
    console.error(`[bench] ${failures}`);
    process.exitCode = 1;
  }
} finally {
  await browser?.close().catch(() => undefined);
  for (const app of [...Object.values(apps), ...variantApps]) {
    await app.proxy.close().catch(() => undefined);
    await app.server.close().catch(() => undefined);
  }
  await apiProxy?.close().catch(() => undefined);
  await emulator?.stop().catch(() => undefined);
}

function results(table: string, chromiumVersion: string, seconds: string): string {
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  return `# Benchmarks: authworker vs @stackframe/js 2.8.108

Produced by \`node_modules/.bin/tsx bench/run.ts\` (issues 8 and 23) on ${date} in ${seconds} s.
Machine: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, Chromium ${chromiumVersion} (headless, /usr/bin/chromium), Vite 8 (rolldown).
Load average (1 min) at start ${loadAtStart.toFixed(2)}, at the end ${(loadavg()[0] ?? 0).toFixed(2)}: on a 2-core machine, other work running at the same time shows up in the timings.
One process tree: the emulator (\`tsx emulator/cli.ts\`, a child process), both bench apps built with Vite's JS API and served by \`vite preview\`
(HTTP/1.1, no cache headers: the browser revalidates each file), and one Chromium with a separate context per client. Runs alternate between the clients.
The browser reaches the emulator and both apps through latency proxies (bench/latency-proxy.ts, loopback TCP, the same code for both clients):
every browser row is measured under each network profile (column "network"): **0 ms** (loopback, the proxy passes bytes straight through),
**40 ms RTT** and **150 ms RTT** (a new connection waits one RTT before its first byte, every chunk half an RTT per direction).
Switching profiles closes kept-alive connections. Timings are informational; nothing fails on them.

- ours: \`bench/apps/ours\` (runtime/client \`StackClientApp\`, default service-worker token store; worker = \`installAuthWorker\` alone, bench/entries/auth-worker.js, built by build/service-worker-plugin.mjs;
  the plugin's precache off in rows 2 and 2b; row 2c: the same app built again with a worker that adds a Workbox precache, bench/entries/auth-worker-precached.js;
  row 2d: built with the plugin's defaults, which precache the app shell: the app docs/getting-started.md gives)
- theirs: \`bench/apps/theirs\` (\`@stackframe/js\` \`StackClientApp\`, tokenStore 'cookie', \`analytics: { enabled: false }\`, \`devTool: false\`, redirectMethod 'none')
- Both apps render the same DOM (bench/apps/shared-view.ts); neither uses React.

Rerun: \`node_modules/.bin/tsx bench/run.ts\` (all, ~10 min) or \`--only size,cold-start,refresh-storm,sign-out,overhead,emulator,user-edit\`, \`--profiles 0,40,150\`.
Budgets alone (no browser, ~3 s): \`node_modules/.bin/tsx bench/size-budget.ts [--report-only] [--explain]\`.

${table}

## Reading the table

- Refresh storm, \`getUser()\`: both clients merge concurrent identical calls (ours: the worker merges identical in-flight GETs
  across tabs; theirs: its user cache batches calls per tab), so few requests reach the API. Theirs refreshes once per tab: the
  tabs share the cookies but not the refresh.
- Refresh storm, \`fetch()\`: 250 distinct requests. All that the worker has already sent with the expired token come back
  rejected and are sent again after the single refresh, hence up to ~2x the API requests; Chromium's 6 connections per host
  and the emulator set the floor.
- Per-request overhead: the official client fetches with \`cache: 'no-store'\`, and Chromium then bypasses its CORS preflight
  cache, so each of its calls also costs an OPTIONS round trip (row "API requests ... per call": 2). Our worker sends the default
  cache mode: the API's answers say \`cache-control: no-store\`, so nothing is kept in the HTTP cache, and the preflight is
  cached (\`access-control-max-age: 86400\` in the API's CORS answer; Chromium caps it at 2 h). e2e/stored-user.spec.ts checks that a
  changed user is never read from the HTTP cache.
- Cold start, ours: a page our worker already controls talks to it at once; the worker's first answer carries the last
  \`/users/me\` answer it stored (shown with \`cached: true\`, revalidated right after); the Vite plugin adds modulepreload hints for
  the start-up chunks. So the render waits for the HTML, the entry with its preloads (one round trip when they fit in
  Chromium's 6 connections per host) and the worker. Theirs waits for its script, then \`/projects/current\` and \`/users/me\`, each
  with a CORS preflight.
- \`getUser()\` back to back: @stackframe/stack-shared's AsyncValueCache runs at most one fetch per 300 ms.
- Cross-tab sign-out, theirs: @stackframe/js has no session-change event; tab B reads the token store every 16 ms, and the
  store itself polls the cookies every 100 ms. Its signOut() also sends GET /users/me and DELETE /auth/sessions/current before
  it clears the cookies.

## Size breakdown (Vite 8 / rolldown build, React external)

Module bytes are each module's tree-shaken code minified on its own; the gzip column splits each chunk's gzip -9 size in
proportion to those bytes (an attribution, not a measurement of the module alone).

${sizeReportText || '(size scenario not run)'}
`;
}


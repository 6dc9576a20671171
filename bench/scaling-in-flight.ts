// 9. Requests in flight: 1, 50 and 500 distinct GET /users/me at once, through our worker and sent directly (same
// token and headers, from a page no worker controls). Each request's time from fetch() to its body, p50 and p95, and
// the worker's overhead per request: (worker batch wall time - direct batch wall time) / requests.
import type { Browser, Page } from '@playwright/test';
import { createUser, directApiHeaders, newContext, openSignedIn, sampleCount, type BenchApp, type BenchNet, type Client } from './harness.ts';
import { median, ms, percentile } from './stats.ts';
import type { ResultRow } from './table.ts';

export const IN_FLIGHT: Record<'full' | 'smoke', readonly number[]> = { full: [1, 50, 500], smoke: [1, 20] };
/** Batches per size and path, alternating worker and direct; one request in flight is repeated for a distribution. */
const BATCH_COUNTS = { loopback: 5, slow: 3, smoke: 1 };
const SINGLE_REPEATS = { loopback: 40, slow: 15, smoke: 5 };
const NAME = '9. Requests in flight';

interface Batch {
  wallMs: number;
  each: number[];
}

/** `count` concurrent GETs (distinct Accept values, so the worker cannot merge them); each one's time and the wall time. */
function batch(page: Page, url: string, headers: Record<string, string>, count: number, tag: string): Promise<Batch> {
  return page.evaluate(
    async ({ url, headers, count, tag }) => {
      const started = performance.now();
      const each = await Promise.all(
        Array.from({ length: count }, async (_, i) => {
          const t = performance.now();
          const response = await fetch(url, { headers: { ...headers, accept: `application/json;q=0.${tag}${i}` } });
          await response.text();
          if (response.status !== 200) throw new Error(`GET answered ${response.status}`);
          return performance.now() - t;
        }),
      );
      return { wallMs: performance.now() - started, each };
    },
    { url, headers, count, tag },
  );
}

export async function requestsInFlight(browser: Browser, apps: Record<Client, BenchApp>, net: BenchNet): Promise<ResultRow[]> {
  const url = `${net.apiUrl}/api/v1/users/me`;
  const oursContext = await newContext(browser);
  const directContext = await newContext(browser, { serviceWorkers: 'block' });
  try {
    const controlled = await openSignedIn(oursContext, apps.ours, await createUser(net.emulatorUrl, 'in-flight'));
    const headers = await directApiHeaders(controlled);
    const direct = await directContext.newPage();
    await direct.goto(`${apps.ours.url}blank.html`);
    // Warm-up: connections, the CORS preflight cache, JIT.
    await batch(controlled, url, {}, 6, '9');
    await batch(direct, url, headers, 6, '9');
    const rows: ResultRow[] = [];
    for (const count of IN_FLIGHT[net.smoke ? 'smoke' : 'full']) {
      const runs = count === 1 ? sampleCount(net, SINGLE_REPEATS) : sampleCount(net, BATCH_COUNTS);
      const worker: Batch[] = [];
      const plain: Batch[] = [];
      for (let r = 0; r < runs; r++) {
        for (const side of r % 2 ? (['direct', 'worker'] as const) : (['worker', 'direct'] as const)) {
          if (side === 'worker') worker.push(await batch(controlled, url, {}, count, String(r)));
          else plain.push(await batch(direct, url, headers, count, String(r)));
        }
      }
      const each = (batches: Batch[]) => batches.flatMap((b) => b.each);
      const overhead = (median(worker.map((b) => b.wallMs)) - median(plain.map((b) => b.wallMs))) / count;
      const wallRatio = median(worker.map((b) => b.wallMs)) / median(plain.map((b) => b.wallMs));
      for (const p of [50, 95]) {
        rows.push({
          benchmark: NAME,
          metric: `${count} in flight: time per request via our worker (ours col) vs direct (theirs col), p${p}`,
          ours: ms(percentile(each(worker), p)),
          theirs: ms(percentile(each(plain), p)),
          oursValue: percentile(each(worker), p),
          theirsValue: percentile(each(plain), p),
          ...(p === 50 ? { note: `${runs} batch(es) each, alternating; worker overhead per request ${ms(overhead)} (batch wall time worker / direct ${wallRatio.toFixed(2)}x); direct = the same token and headers from an uncontrolled page` } : {}),
        });
      }
    }
    return rows;
  } finally {
    await oursContext.close();
    await directContext.close();
  }
}

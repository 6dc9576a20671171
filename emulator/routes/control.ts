// Test/bench control API, outside /api/v1 (never changes /api/v1 behaviour). No CORS headers: pages on other
// origins must not read the outbox or move the clock (emulator/http/host-guard.ts has the rest of the rule).
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { json } from '../http/respond.ts';

async function readJson(request: Request): Promise<unknown> {
  try {
    return (await request.json()) as unknown;
  } catch {
    return undefined;
  }
}

export const controlRoutes = new Hono<AppEnv>()
  .get('/stats', (c) => json(c.get('services').stats.snapshot()))
  // The emulator process's own figures, for the load benchmark's CPU per request (emulator/load).
  .get('/process', () => {
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    return json({ cpu_micros: cpu.user + cpu.system, rss_bytes: memory.rss, heap_used_bytes: memory.heapUsed });
  })
  .post('/stats/reset', (c) => {
    c.get('services').stats.reset();
    return json({ success: true });
  })
  .post('/rate-limit', async (c) => {
    const body = await readJson(c.req.raw);
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const { retry_after: retryAfter, count = 1, path_prefix: pathPrefix = '/api/v1/' } = fields;
    const valid =
      typeof retryAfter === 'string' && /^[\x20-\x7e]{1,100}$/.test(retryAfter) && Number.isSafeInteger(count) && (count as number) >= 0 && (count as number) <= 1000 && typeof pathPrefix === 'string' && pathPrefix.startsWith('/api/');
    if (!valid) return json({ error: 'Body must be {"retry_after": "<seconds or HTTP date>", "count"?: 0-1000 (default 1), "path_prefix"?: "/api/…" (default /api/v1/)}' }, 400);
    c.get('services').rateLimiter.set({ retryAfter: retryAfter as string, remaining: count as number, pathPrefix: pathPrefix as string });
    return json({ success: true });
  })
  .get('/clock', (c) => json({ now_millis: c.get('services').clock.now() }))
  .post('/clock', async (c) => {
    const body = await readJson(c.req.raw);
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const { advance_ms: advance, offset_ms: offset } = fields;
    const clock = c.get('services').clock;
    // `offset_ms` sets a skew from real time (either side); `advance_ms` only ever moves forward.
    if (typeof offset === 'number' && Number.isFinite(offset) && advance === undefined) {
      clock.setOffset(offset);
    } else if (typeof advance === 'number' && Number.isFinite(advance) && advance >= 0 && offset === undefined) {
      clock.advance(advance);
    } else {
      return json({ error: 'Body must be {"advance_ms": <number >= 0>} or {"offset_ms": <number>}' }, 400);
    }
    return json({ now_millis: clock.now() });
  });

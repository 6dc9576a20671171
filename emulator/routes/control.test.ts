import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ now: () => 1_700_000_000_000 });
});
afterAll(() => emu.close());

describe('control API (/emulator/api)', () => {
  it('rate-limit: the next matching API requests answer 429 with Retry-After, exposed to pages by CORS; then they are served', async () => {
    const arm = await emu.fetch('/emulator/api/rate-limit', { method: 'POST', json: { retry_after: '2', count: 2, path_prefix: '/api/v1/projects/current' } });
    expect(arm.status).toBe(200);
    expect((await emu.fetch('/api/v1/users/me', { accessType: 'client' })).status).not.toBe(429);
    for (let i = 0; i < 2; i++) {
      const limited = await emu.fetch('/api/v1/projects/current', { accessType: 'client', headers: { origin: 'http://localhost:5173' } });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('2');
      expect(limited.headers.get('access-control-allow-origin')).toBe('*');
      expect(limited.headers.get('access-control-expose-headers')?.split(', ')).toContain('retry-after');
    }
    expect((await emu.fetch('/api/v1/projects/current', { accessType: 'client' })).status).toBe(200);
    for (const bad of [{}, { retry_after: 2 }, { retry_after: '1', count: -1 }, { retry_after: '1', path_prefix: '/emulator/' }, { retry_after: 'x\u0000' }]) {
      expect((await emu.fetch('/emulator/api/rate-limit', { method: 'POST', json: bad })).status).toBe(400);
    }
    await emu.fetch('/emulator/api/stats/reset', { method: 'POST' });
  });

  it('counts requests per route pattern and resets', async () => {
    await emu.fetch('/api/v1/projects/current', { accessType: 'client' });
    await emu.fetch(`/api/v1/projects/x/.well-known/jwks.json`);
    await emu.fetch('/api/v1/unknown');
    await emu.fetch('/api/v1/users/me', { method: 'OPTIONS' });
    const stats = await emu.fetch('/emulator/api/stats');
    expect(stats.headers.get('access-control-allow-origin')).toBeNull();
    expect(await stats.json()).toEqual({
      requests: {
        'GET /api/v1/projects/current': 1,
        'GET /api/v1/projects/:project_id/.well-known/jwks.json': 1,
        'GET /api/*': 1,
        'OPTIONS preflight': 1,
      },
      refreshGrants: 0,
    });
    await emu.fetch('/emulator/api/stats/reset', { method: 'POST' });
    expect(await (await emu.fetch('/emulator/api/stats')).json()).toEqual({ requests: {}, refreshGrants: 0 });
  });

  it("reports the process's CPU time and memory, growing with work", async () => {
    const read = async () => (await (await emu.fetch('/emulator/api/process')).json()) as { cpu_micros: number; rss_bytes: number; heap_used_bytes: number };
    const before = await read();
    for (let i = 0; i < 20; i++) await emu.fetch('/api/v1/projects/current', { accessType: 'client' });
    const after = await read();
    expect(after.cpu_micros).toBeGreaterThan(before.cpu_micros);
    expect(after.rss_bytes).toBeGreaterThan(0);
    expect(after.heap_used_bytes).toBeGreaterThan(0);
  });

  it('advances the clock', async () => {
    const res = await emu.fetch('/emulator/api/clock', { method: 'POST', json: { advance_ms: 1000 } });
    expect(await res.json()).toEqual({ now_millis: 1_700_000_001_000 });
    expect(emu.clock.now()).toBe(1_700_000_001_000);
    const bad = await emu.fetch('/emulator/api/clock', { method: 'POST', json: { advance_ms: -5 } });
    expect(bad.status).toBe(400);
  });

  it('sets a skew from real time, ahead or behind, which later advances add to', async () => {
    const behind = await emu.fetch('/emulator/api/clock', { method: 'POST', json: { offset_ms: -300_000 } });
    expect(await behind.json()).toEqual({ now_millis: 1_699_999_700_000 });
    await emu.fetch('/emulator/api/clock', { method: 'POST', json: { advance_ms: 60_000 } });
    expect(emu.clock.now()).toBe(1_699_999_760_000);
    const ahead = await emu.fetch('/emulator/api/clock', { method: 'POST', json: { offset_ms: 300_000 } });
    expect(await ahead.json()).toEqual({ now_millis: 1_700_000_300_000 });
    for (const json of [{ offset_ms: 'soon' }, { offset_ms: null }, { offset_ms: 1, advance_ms: 1 }]) {
      expect((await emu.fetch('/emulator/api/clock', { method: 'POST', json })).status).toBe(400);
    }
    expect(emu.clock.now()).toBe(1_700_000_300_000);
  });

  it('grants no cross-origin access: a preflight gets no CORS headers, so other pages cannot move the clock', async () => {
    const res = await emu.fetch('/emulator/api/clock', { method: 'OPTIONS', headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' } });
    expect(res.status).toBe(403);
    expect([...res.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });
});

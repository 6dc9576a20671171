import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ now: () => 1_700_000_000_000 });
});
afterAll(() => emu.close());

describe('control API (/emulator/api)', () => {
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

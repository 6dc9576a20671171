import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../index.ts';
import { runLoad } from './scenario.ts';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, mailPort: 0 });
});
afterAll(() => emu.close());

describe('runLoad', () => {
  it('runs its sign-up, sign-in, refresh and user-read phases without errors, each for the given time, with the CPU time of each', async () => {
    let cpu = 0;
    const { recorder, elapsedMs } = await runLoad({ baseUrl: emu.url, concurrency: 2, phaseMillis: 700, cpuMicros: async () => (cpu += 1000) });
    expect([...recorder.errors.entries()].flatMap(([op, m]) => [...m.keys()].map((e) => `${op}: ${e}`))).toEqual([]);
    for (const op of ['sign-up', 'sign-in', 'refresh', 'user-read'] as const) {
      expect(recorder.latencies.get(op)?.length).toBeGreaterThan(0);
      expect(recorder.phases.get(op)?.elapsedMs).toBeGreaterThanOrEqual(700);
      expect(recorder.phases.get(op)?.cpuMicros).toBe(1000);
    }
    expect(elapsedMs).toBeGreaterThanOrEqual(2800);
    // Every sign-up created its user; the refresh phase refreshed sessions opened for them, one per client.
    const users = await emu.db.selectFrom('users').select('id').where('project_id', '=', 'dfa45225-c0f9-490d-98d7-d2c978934c58').execute();
    expect(users.length).toBeGreaterThanOrEqual(recorder.latencies.get('sign-up')?.length ?? 0);
    expect(emu.stats.snapshot().refreshGrants).toBe(recorder.latencies.get('refresh')?.length);
  }, 30_000);
});

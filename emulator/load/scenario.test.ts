import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../index.ts';
import { runLoad } from './scenario.ts';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, mailPort: 0 });
});
afterAll(() => emu.close());

describe('runLoad', () => {
  it('runs sign-ups, sign-ins and refreshes without errors for the given time', async () => {
    const { recorder, elapsedMs } = await runLoad({ baseUrl: emu.url, concurrency: 2, durationMs: 1500 });
    expect(recorder.errorCount()).toBe(0);
    expect(recorder.latencies.get('sign-up')?.length).toBeGreaterThan(0);
    expect(elapsedMs).toBeGreaterThanOrEqual(1500);
    // Every sign-up produced a verification e-mail, so the users exist.
    const users = await emu.db.selectFrom('users').select('id').where('project_id', '=', 'dfa45225-c0f9-490d-98d7-d2c978934c58').execute();
    expect(users.length).toBeGreaterThanOrEqual(recorder.latencies.get('sign-up')?.length ?? 0);
  }, 30_000);
});

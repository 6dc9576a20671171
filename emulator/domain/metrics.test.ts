import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { projectMetrics } from './metrics.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

const DAY = 86_400_000;

describe('projectMetrics: daily active users', () => {
  it('counts from UTC midnight of the series\' first day up to and including now', async () => {
    // Activity rows of a project nobody else writes to, so the counts are exact.
    const projectId = crypto.randomUUID();
    const now = Date.UTC(2025, 2, 31, 9, 30);
    const seriesStart = Date.UTC(2025, 2, 1); // 30 days before 2025-03-31, at midnight
    const at = async (atMillis: number) => {
      await emu.db.insertInto('user_activity').values({ project_id: projectId, user_id: crypto.randomUUID(), at_millis: atMillis }).execute();
    };
    await at(seriesStart - 1);
    await at(seriesStart); // before now - 30 days (09:30), still on the first day
    await at(now - 30 * DAY + 1);
    await at(now);
    await at(now + 1);

    const metrics = await projectMetrics(emu.db, projectId, now, 'stack');
    const active = metrics.daily_active_users;
    expect(active).toHaveLength(31);
    expect(active[0]).toEqual({ date: '2025-03-01', activity: 2 });
    expect(active.at(-1)).toEqual({ date: '2025-03-31', activity: 1 });
    expect(active.reduce((sum, d) => sum + d.activity, 0)).toBe(3);
  });
});

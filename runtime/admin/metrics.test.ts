import { describe, expect, it } from 'vitest';
import { getMetrics } from './metrics.ts';
import { adminTestContext, expectCall, serverUserWire } from '../../testing/runtime/admin.ts';

describe('getMetrics', () => {
  it('maps the metrics to camelCase with server users', async () => {
    const { ctx, calls } = adminTestContext({
      total_users: 3,
      daily_users: [{ date: '2026-11-21', activity: 2 }],
      daily_active_users: [{ date: '2026-11-21', activity: 1 }],
      users_by_country: { DE: 2 },
      recently_registered: [serverUserWire],
      recently_active: [],
      login_methods: [{ method: 'password', count: 3 }],
    });
    const metrics = await getMetrics(ctx);
    expectCall(calls[0], 'GET', '/internal/metrics');
    expect(metrics).toMatchObject({
      totalUsers: 3,
      dailyUsers: [{ date: '2026-11-21', activity: 2 }],
      dailyActiveUsers: [{ date: '2026-11-21', activity: 1 }],
      usersByCountry: { DE: 2 },
      recentlyActive: [],
      loginMethods: [{ method: 'password', count: 3 }],
    });
    expect(metrics.recentlyRegistered[0]?.lastActiveAt).toEqual(new Date(1_700_000_500_000));
  });
});

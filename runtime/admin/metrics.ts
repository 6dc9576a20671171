// Project metrics (GET /internal/metrics) as camelCase data.

import type * as z from 'zod/mini';
import { ENDPOINTS } from '../protocol/endpoints.ts';
import type { metricsSchema } from '../protocol/schemas/admin.ts';
import { toServerUser, type ServerUserData } from '../protocol/schemas/user.ts';
import { callEndpoint, type AppContext } from '../server/context.ts';

export interface DailyCount {
  /** YYYY-MM-DD */
  date: string;
  activity: number;
}

export interface ProjectMetrics {
  totalUsers: number;
  dailyUsers: DailyCount[];
  dailyActiveUsers: DailyCount[];
  /** Country code -> users. */
  usersByCountry: Record<string, number>;
  recentlyRegistered: ServerUserData[];
  recentlyActive: ServerUserData[];
  loginMethods: { method: string; count: number }[];
}

function toProjectMetrics(wire: z.output<typeof metricsSchema>): ProjectMetrics {
  return {
    totalUsers: wire.total_users,
    dailyUsers: wire.daily_users.map((d) => ({ date: d.date, activity: d.activity })),
    dailyActiveUsers: wire.daily_active_users.map((d) => ({ date: d.date, activity: d.activity })),
    usersByCountry: { ...wire.users_by_country },
    recentlyRegistered: wire.recently_registered.map(toServerUser),
    recentlyActive: wire.recently_active.map(toServerUser),
    loginMethods: wire.login_methods.map((m) => ({ method: m.method, count: m.count })),
  };
}

export async function getMetrics(ctx: AppContext): Promise<ProjectMetrics> {
  return toProjectMetrics(await callEndpoint(ctx, ENDPOINTS.metrics, {}));
}

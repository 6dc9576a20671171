// GET /internal/metrics: daily sign-ups and daily active users over the last 31 UTC days
// (from stored activity), the five newest and five most recently active users, and sign-in methods.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Dialect } from '../core/known-errors.ts';
import { serverUserView } from './user-views.ts';
import { getUsers, newestUsers } from './users.ts';

const DAY_MILLIS = 24 * 60 * 60 * 1000;
const WINDOW_DAYS = 30;

const isoDay = (millis: number) => new Date(millis).toISOString().slice(0, 10);

/** Today and the 30 UTC days before it, oldest first. */
function dateSeries(nowMillis: number): string[] {
  const today = Math.floor(nowMillis / DAY_MILLIS) * DAY_MILLIS;
  return Array.from({ length: WINDOW_DAYS + 1 }, (_, i) => isoDay(today - (WINDOW_DAYS - i) * DAY_MILLIS));
}

function countsByDay(series: string[], rows: { day: string; n: number }[]) {
  const byDay = new Map(rows.map((r) => [r.day, r.n]));
  return series.map((date) => ({ date, activity: byDay.get(date) ?? 0 }));
}

async function loginMethods(db: Kysely<Database>, projectId: string): Promise<{ method: string; count: number }[]> {
  const counts = new Map<string, number>();
  const add = (method: string, n: number) => n > 0 && counts.set(method, (counts.get(method) ?? 0) + n);
  const one = async (q: Promise<{ n: string | number | bigint } | undefined>) => Number((await q)?.n ?? 0);
  add('password', await one(db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', projectId).where('password_hash', 'is not', null).executeTakeFirst()));
  add('passkey', await one(db.selectFrom('passkeys').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', projectId).executeTakeFirst()));
  add('otp', await one(db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', projectId).where('otp_auth_enabled', '=', true).executeTakeFirst()));
  const oauth = await db
    .selectFrom('oauth_accounts')
    .select(['provider_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('project_id', '=', projectId)
    .groupBy('provider_id')
    .execute();
  for (const row of oauth) add(row.provider_id.toLowerCase(), Number(row.n));
  return [...counts].map(([method, count]) => ({ method, count })).sort((a, b) => b.count - a.count || a.method.localeCompare(b.method));
}

/** Users by the country of their latest activity event that named one (x-vercel-ip-country / cf-ipcountry). */
async function usersByCountry(db: Kysely<Database>, projectId: string): Promise<Record<string, number>> {
  const latest = db
    .selectFrom('user_activity')
    .distinctOn('user_id')
    .select(['user_id', 'country_code'])
    .where('project_id', '=', projectId)
    .where('country_code', 'is not', null)
    .orderBy('user_id')
    .orderBy('at_millis', 'desc')
    .as('latest');
  const rows = await db
    .selectFrom(latest)
    .select(['latest.country_code', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('latest.country_code')
    .orderBy('latest.country_code')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.country_code ?? '', Number(r.n)]));
}

export async function projectMetrics(db: Kysely<Database>, projectId: string, nowMillis: number, dialect: Dialect) {
  const series = dateSeries(nowMillis);
  const start = Date.parse(`${series[0]}T00:00:00Z`);
  const total = await db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
  const day = (column: string) => sql<string>`to_char(to_timestamp(${sql.ref(column)} / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const signUps = await db
    .selectFrom('users')
    .select([day('signed_up_at_millis').as('day'), (eb) => eb.fn.countAll<string>().as('n')])
    .where('project_id', '=', projectId)
    .where('signed_up_at_millis', '>=', start)
    .groupBy('day')
    .execute();
  const active = await db
    .selectFrom('user_activity')
    .select([day('at_millis').as('day'), sql<string>`count(DISTINCT user_id)`.as('n')])
    .where('project_id', '=', projectId)
    // The whole of the series' first day, up to and including this instant.
    .where('at_millis', '>=', start)
    .where('at_millis', '<=', nowMillis)
    .groupBy('day')
    .execute();
  const newest = await newestUsers(db, projectId, 5);
  const recent = await db
    .selectFrom('user_activity')
    .select(['user_id', (eb) => eb.fn.max('at_millis').as('last')])
    .where('project_id', '=', projectId)
    .groupBy('user_id')
    .orderBy('last', 'desc')
    .limit(5)
    .execute();
  return {
    total_users: Number(total.n),
    daily_users: countsByDay(series, signUps.map((r) => ({ day: r.day, n: Number(r.n) }))),
    daily_active_users: countsByDay(series, active.map((r) => ({ day: r.day, n: Number(r.n) }))),
    users_by_country: await usersByCountry(db, projectId),
    recently_registered: newest.map((u) => serverUserView(u, dialect)),
    recently_active: (await getUsers(db, projectId, recent.map((r) => r.user_id))).map((u) => serverUserView(u, dialect)),
    login_methods: await loginMethods(db, projectId),
  };
}

// Listings cost a fixed number of queries, whatever the number of rows they list (no query per user or project).
import { RateLimiter } from '../core/rate-limit.ts';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, projectHeaders, signUp, TEST_ORIGIN, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { createApp, type EmulatorApp } from '../app.ts';
import { SigningKeys } from '../auth/signing-keys.ts';
import { INTERNAL_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
let counted: EmulatorApp;
let queries = 0;
const countQueries: KyselyPlugin = {
  transformQuery: (args) => {
    queries++;
    return args.node;
  },
  transformResult: (args) => Promise.resolve(args.result),
};

beforeAll(async () => {
  emu = await createTestEmulator();
  counted = createApp({ db: emu.db.withPlugin(countQueries), clock: emu.clock, keys: new SigningKeys(emu.db), stats: emu.stats, rateLimiter: new RateLimiter(), dialect: 'current', hostedRefreshClaims: false });
});
afterAll(() => emu.close());

/** The queries one request runs (measure one request at a time), and its item count. */
async function measure(path: string, headers: Record<string, string>): Promise<{ queries: number; items: number }> {
  queries = 0;
  const res = await counted.request(`${TEST_ORIGIN}/api/v1${path}`, { headers });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { items?: unknown[]; recently_registered?: unknown[] };
  return { queries, items: (body.items ?? body.recently_registered ?? []).length };
}

const server = projectHeaders('server');
const admin = projectHeaders('admin');

async function createUsers(n: number, teamId: string): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await emu.fetch('/api/v1/users', { method: 'POST', accessType: 'server', json: { primary_email: `lq-${crypto.randomUUID()}@example.com`, display_name: `LQ ${i}` } });
    const { id } = (await res.json()) as { id: string };
    await emu.fetch(`/api/v1/team-memberships/${teamId}/${id}`, { method: 'POST', accessType: 'server', json: {} });
    await emu.fetch(`/api/v1/users/${id}`, { method: 'PATCH', accessType: 'server', json: { selected_team_id: teamId } });
  }
}

describe('listing query counts', () => {
  it('GET /users, /team-member-profiles, /internal/metrics and /email-templates do not grow with the rows', async () => {
    const team = (await (await emu.fetch('/api/v1/teams', { method: 'POST', accessType: 'server', json: { display_name: 'Listing' } })).json()) as { id: string };
    const paths = {
      users: ['/users', server],
      usersOfTeam: [`/users?team_id=${team.id}&desc=true&limit=50`, server],
      memberProfiles: [`/team-member-profiles?team_id=${team.id}`, server],
      metrics: ['/internal/metrics', admin],
      emailTemplates: ['/email-templates', admin],
    } as const;
    const measureAll = async () => {
      const results = [];
      for (const [path, headers] of Object.values(paths)) results.push(await measure(path, headers));
      return results;
    };
    await createUsers(1, team.id);
    const few = await measureAll();
    await createUsers(19, team.id);
    const many = await measureAll();
    expect(many.map((m) => m.queries)).toEqual(few.map((m) => m.queries));
    // The lists did grow: 20 users listed with the same queries as 1.
    expect(many[0]?.items).toBeGreaterThanOrEqual(20);
    expect([many[1]?.items, many[2]?.items]).toEqual([20, 20]);
    // Two for the request's project auth (key, project), one for the list.
    expect(many[0]?.queries).toBe(3);
  });

  it('GET /internal/projects does not grow with the projects an owner has', async () => {
    const owner = await signUp(emu, { project: INTERNAL_PROJECT });
    const headers = { ...projectHeaders('client', INTERNAL_PROJECT), 'x-stack-access-token': owner.accessToken };
    const create = (name: string) => emu.fetch('/api/v1/internal/projects', { method: 'POST', accessType: 'client', project: INTERNAL_PROJECT, headers: { 'x-stack-access-token': owner.accessToken }, json: { display_name: name } });
    await create('first');
    const one = await measure('/internal/projects', headers);
    for (let i = 0; i < 5; i++) await create(`more ${i}`);
    const six = await measure('/internal/projects', headers);
    expect([one.items, six.items]).toEqual([1, 6]);
    expect(six.queries).toBe(one.queries);
  });
});

// Property: for random permission definition graphs (cycles included) built through the admin endpoints, the
// recursive listing of a member's permissions is the transitive closure of what they were granted.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareIds } from '../domain/permission-graph.ts';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { call } from '../../testing/emulator/requests.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

const SYSTEM = ['$update_team', '$delete_team', '$read_members', '$remove_members', '$invite_members'];
/** What a new member is given: the project's `member` default. */
const MEMBER_DEFAULT: Record<string, string[]> = { member: ['$invite_members', '$read_members'] };

/** Reference closure: grow the set until a pass adds nothing (independent of the emulator's walk). */
function closure(start: string[], edges: Record<string, string[]>): string[] {
  const reached = new Set(start);
  for (let grew = true; grew; ) {
    grew = false;
    for (const id of [...reached]) {
      for (const child of edges[id] ?? []) {
        if (!reached.has(child)) {
          reached.add(child);
          grew = true;
        }
      }
    }
  }
  return [...reached].sort(compareIds);
}

/** n custom definitions, each containing random custom or system ones (self-loops and cycles allowed), and a granted subset. */
const graph = fc.integer({ min: 1, max: 7 }).chain((n) => {
  const nodes = Array.from({ length: n }, (_, i) => i);
  const target = fc.oneof(fc.constantFrom(...nodes), fc.constantFrom(...SYSTEM));
  return fc.record({
    n: fc.constant(n),
    contains: fc.array(fc.uniqueArray(target, { maxLength: 4 }), { minLength: n, maxLength: n }),
    granted: fc.subarray(nodes),
    grantedSystem: fc.subarray(SYSTEM, { maxLength: 2 }),
  });
});

let run = 0;

describe('recursive team permissions on random definition graphs', () => {
  it('equal the transitive closure of the granted permissions (and the direct listing equals the grants)', async () => {
    await fc.assert(
      fc.asyncProperty(graph, async ({ n, contains, granted, grantedSystem }) => {
        // Fresh ids per run, with the characters the id syntax allows.
        const prefix = `g${run++}`;
        const ids = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? `${prefix}:p${i}` : `${prefix}_p${i}`));
        const edges: Record<string, string[]> = { ...MEMBER_DEFAULT };
        contains.forEach((targets, i) => {
          edges[ids[i] as string] = targets.map((t) => (typeof t === 'number' ? (ids[t] as string) : t));
        });

        // Create all, then set containment, so any cycle can be formed.
        for (const id of ids) expect((await call(emu, 'POST', '/team-permission-definitions', { accessType: 'admin', json: { id } })).status).toBe(201);
        for (const id of ids) {
          const patched = await call(emu, 'PATCH', `/team-permission-definitions/${id}`, { accessType: 'admin', json: { contained_permission_ids: edges[id] } });
          expect(patched.status).toBe(200);
        }

        const user = (await call(emu, 'POST', '/users', { accessType: 'server', json: {} })).body as { id: string };
        const team = (await call(emu, 'POST', '/teams', { accessType: 'server', json: { display_name: prefix } })).body as { id: string };
        await call(emu, 'POST', `/team-memberships/${team.id}/${user.id}`, { accessType: 'server', json: {} });
        const grants = [...granted.map((i) => ids[i] as string), ...grantedSystem];
        for (const id of grants) await call(emu, 'POST', `/team-permissions/${team.id}/${user.id}/${id}`, { accessType: 'server', json: {} });

        const list = async (recursive: boolean) => {
          const r = await call(emu, 'GET', `/team-permissions?team_id=${team.id}&user_id=${user.id}&recursive=${String(recursive)}`, { accessType: 'server' });
          return (r.body as { items: { id: string; user_id: string; team_id: string }[] }).items;
        };
        const direct = ['member', ...grants];
        expect((await list(false)).map((p) => p.id)).toEqual([...new Set(direct)].sort(compareIds));
        const recursive = await list(true);
        expect(recursive.map((p) => p.id)).toEqual(closure(direct, edges));
        expect(recursive.every((p) => p.user_id === user.id && p.team_id === team.id)).toBe(true);
      }),
      { numRuns: 20 },
    );
  });
});

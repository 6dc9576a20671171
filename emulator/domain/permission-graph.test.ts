import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareIds, permissionClosure } from './permission-graph.ts';

/** Reference: reachability by repeated relaxation over the adjacency matrix (Floyd–Warshall style). */
function reachable(nodes: string[], edges: Map<string, string[]>, start: string[]): Set<string> {
  const reach = new Map(nodes.map((n) => [n, new Set([n, ...(edges.get(n) ?? [])])]));
  for (const k of nodes) for (const i of nodes) if (reach.get(i)?.has(k)) for (const j of reach.get(k) ?? []) reach.get(i)?.add(j);
  const out = new Set<string>();
  for (const s of start) for (const r of reach.get(s) ?? [s]) out.add(r);
  return out;
}

const graph = fc
  .integer({ min: 1, max: 9 })
  .chain((n) => {
    const nodes = Array.from({ length: n }, (_, i) => `p${i}`);
    return fc.record({
      nodes: fc.constant(nodes),
      edges: fc.array(fc.tuple(fc.constantFrom(...nodes), fc.constantFrom(...nodes)), { maxLength: 30 }),
      start: fc.subarray(nodes),
    });
  });

describe('permissionClosure', () => {
  it('equals the transitive closure of random definition graphs (cycles included)', () => {
    fc.assert(
      fc.property(graph, ({ nodes, edges, start }) => {
        const adjacency = new Map<string, string[]>();
        for (const [from, to] of edges) adjacency.set(from, [...(adjacency.get(from) ?? []), to]);
        const closure = permissionClosure(start, (id) => adjacency.get(id));
        expect([...closure].sort()).toEqual([...reachable(nodes, adjacency, start)].sort());
      }),
    );
  });

  it('terminates on a self-loop and a two-cycle', () => {
    const edges = new Map([['a', ['a', 'b']], ['b', ['a']]]);
    expect([...permissionClosure(['a'], (id) => edges.get(id))].sort()).toEqual(['a', 'b']);
  });
});

describe('compareIds', () => {
  it('orders by upper-cased UTF-16 code units, not by locale: $ < digits < : < letters < _', () => {
    const ids = ['b', 'a_b', 'ab', 'a:b', 'a1', 'a10', 'a2', '$read_members', 'A', 'a', 'team:write', 'team_admin', 'Team:read', 'z9'];
    expect([...ids].sort(compareIds)).toEqual(['$read_members', 'a', 'A', 'a1', 'a10', 'a2', 'a:b', 'ab', 'a_b', 'b', 'Team:read', 'team:write', 'team_admin', 'z9']);
  });

  it('breaks a case-insensitive tie on the original strings, lower case first, and is 0 only for equal strings', () => {
    expect(compareIds('a', 'A')).toBe(-1);
    expect(compareIds('ABC', 'abc')).toBe(1);
    expect(compareIds('x_1', 'x_1')).toBe(0);
    expect(compareIds('a', 'a!')).toBe(-1);
  });

  it('is a consistent total order on random ids (antisymmetric, transitive through sorting)', () => {
    const id = fc.string({ unit: fc.constantFrom('a', 'B', 'z', 'Z', '0', '9', '_', ':', '$'), maxLength: 6 });
    fc.assert(
      fc.property(fc.array(id, { maxLength: 12 }), (list) => {
        for (const a of list) for (const b of list) expect(Math.sign(compareIds(a, b)) + Math.sign(compareIds(b, a))).toBe(0);
        const sorted = [...list].sort(compareIds);
        for (let i = 1; i < sorted.length; i++) expect(compareIds(sorted[i - 1] as string, sorted[i] as string)).toBeLessThanOrEqual(0);
      }),
    );
  });
});

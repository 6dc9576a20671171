import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { permissionClosure } from './permission-graph.ts';

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

// Pure permission containment: a definition contains other permissions, transitively.
// Cycles are allowed in stored data and must never loop.

/** Every permission reachable from `direct` (themselves included) through `containedIn`. */
export function permissionClosure(direct: Iterable<string>, containedIn: (id: string) => readonly string[] | undefined): Set<string> {
  const result = new Set<string>();
  const pending = [...direct];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (result.has(id)) continue;
    result.add(id);
    for (const child of containedIn(id) ?? []) if (!result.has(child)) pending.push(child);
  }
  return result;
}

const compareCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The order the backend sorts permission ids and rows in (its locale-independent `stringCompare`): by the
 * upper-cased strings' UTF-16 code units, so `:` sorts after digits and `_` after letters; on a tie the
 * original strings in reverse, so `a` comes before `A`.
 */
export function compareIds(a: string, b: string): number {
  return compareCodeUnits(a.toUpperCase(), b.toUpperCase()) || compareCodeUnits(b, a);
}

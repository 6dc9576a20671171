// The default online probe. Injected everywhere else so tests (and hosts without `navigator`) can drive it.

/** True unless the host positively reports offline; Node 20 has no `navigator`, so it counts as online. */
export function defaultIsOnline(): boolean {
  const nav = (globalThis as { navigator?: { onLine?: unknown } }).navigator;
  return nav?.onLine !== false;
}

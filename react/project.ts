import { use, useSyncExternalStore } from 'react';
import type { ClientProjectData } from '../runtime/protocol/schemas/project.ts';
import { useStackApp } from './hooks.ts';
import type { Loaded, ReadOptions } from './user-reads.ts';

const nothingOnTheServer = () => undefined;

/**
 * The project's client view (which sign-in methods it enables), fetched once per app (`app.projectCache`). Suspends
 * on first use, or, with `{ suspense: false }`, is `undefined` until it arrives.
 *
 * @example
 * ```tsx
 * import { useProject } from 'authworker/react';
 * const project = useProject();
 * return project.config.magicLinkEnabled ? <p>Sign in with a link</p> : null;
 * ```
 */
export function useProject<O extends ReadOptions = object>(options?: O): Loaded<ClientProjectData, O> {
  const cache = useStackApp().projectCache;
  const project = useSyncExternalStore(cache.subscribe, cache.getSnapshot, nothingOnTheServer);
  if (options?.suspense === false) {
    if (!project) void cache.read().catch(() => undefined);
    return project as Loaded<ClientProjectData, O>;
  }
  // use() on every render, loaded or not: a render that suspended is replayed with the same hooks.
  return use(cache.read()) as Loaded<ClientProjectData, O>;
}

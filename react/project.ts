import { use, useEffect, useReducer } from 'react';
import type { StackClientApp } from '../runtime/client/client-app.ts';
import type { ClientProjectData } from '../runtime/protocol/schemas/project.ts';
import { useStackApp } from './hooks.ts';
import type { Loaded, ReadOptions } from './teams.ts';

const projects = new WeakMap<StackClientApp, Promise<ClientProjectData>>();
const fetched = new WeakMap<StackClientApp, ClientProjectData>();

/**
 * The project's client view (which sign-in methods it enables), fetched once per app. Suspends on first
 * use, or, with `{ suspense: false }`, is `undefined` until it arrives.
 */
export function useProject<O extends ReadOptions = object>(options?: O): Loaded<ClientProjectData, O> {
  const app = useStackApp();
  let project = projects.get(app);
  if (!project) {
    const pending = app.getProject();
    pending.then(
      (data) => fetched.set(app, data),
      // A failure is kept for a second, then the next render asks again: never a request per render.
      () => setTimeout(() => projects.get(app) === pending && projects.delete(app), 1_000),
    );
    projects.set(app, (project = pending));
  }
  const [, arrived] = useReducer((count: number) => count + 1, 0);
  const waiting = options?.suspense === false && !fetched.has(app);
  useEffect(() => {
    if (waiting) void project.then(arrived, arrived);
  }, [waiting, project]);
  return (waiting ? fetched.get(app) : use(project)) as Loaded<ClientProjectData, O>;
}

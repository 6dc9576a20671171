import { use } from 'react';
import type { StackClientApp } from '../runtime/client/client-app.ts';
import type { ClientProjectData } from '../runtime/protocol/schemas/project.ts';
import { useStackApp } from './hooks.ts';

const projects = new WeakMap<StackClientApp, Promise<ClientProjectData>>();

/** The project's client view (which sign-in methods it enables). Suspends on first use; fetched once per app. */
export function useProject(): ClientProjectData {
  const app = useStackApp();
  let project = projects.get(app);
  if (!project) {
    project = app.getProject();
    // A failed fetch is retried on the next render instead of being cached forever.
    project.catch(() => projects.delete(app));
    projects.set(app, project);
  }
  return use(project);
}

import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { StackClientApp } from '../runtime/client/app/client-app.ts';
import { AuthProvider } from './provider.tsx';
import { useProject } from './project.ts';
import { usePermissions, useTeams } from './teams.ts';
import { useContactChannels } from './user-reads.ts';

/** An app whose user is still loading, as on the server and in the first browser render. */
function loadingApp(): StackClientApp {
  const store = { subscribe: () => () => undefined, getSnapshot: () => ({ status: 'loading', user: null, error: null }) };
  const pending = new Promise(() => undefined);
  return {
    session: { subscribe: () => () => undefined, getSnapshot: () => ({ status: 'loading', userId: null, network: 'online', seq: 0 }) },
    userCache: { ...store, whenReady: () => pending },
    projectCache: { subscribe: () => () => undefined, getSnapshot: () => undefined, read: vi.fn(() => pending) },
  } as unknown as StackClientApp;
}

const shown = (value: { length: number } | undefined) => (value === undefined ? 'loading' : String(value.length));

function WithoutSuspense() {
  const teams = useTeams({ suspense: false });
  const channels = useContactChannels({ suspense: false });
  const permissions = usePermissions({ id: 't1' }, { suspense: false });
  const project = useProject({ suspense: false });
  return createElement('p', null, `teams:${shown(teams)} channels:${shown(channels)} permissions:${shown(permissions)} project:${project?.displayName ?? 'loading'}`);
}

function WithSuspense() {
  return createElement('p', null, `teams:${useTeams().length}`);
}

describe('the hooks without Suspense', () => {
  it('render undefined while the user and the project load, with no Suspense boundary anywhere', () => {
    const html = renderToString(createElement(AuthProvider, { app: loadingApp() }, createElement(WithoutSuspense)));
    expect(html).toBe('<p>teams:loading channels:loading permissions:loading project:loading</p>');
  });

  it('while their Suspense forms suspend to the nearest boundary', () => {
    const html = renderToString(
      createElement(AuthProvider, { app: loadingApp() }, createElement(Suspense, { fallback: createElement('p', null, 'fallback') }, createElement(WithSuspense))),
    );
    expect(html).toContain('fallback');
  });
});

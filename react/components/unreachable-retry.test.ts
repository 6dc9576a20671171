// @vitest-environment happy-dom
// Issue 30: with the API down, a component reading the project says so, keeps trying on its own through every failed
// round (the shared project read, the error boundary's retry), and shows itself once the API answers again.
import { createElement, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { actRoot } from '../../testing/react/act-root.ts';
import type { StackClientApp } from '../../runtime/client/app/client-app.ts';
import { ProjectCache } from '../../runtime/client/reads/project-cache.ts';
import { WorkerUnavailableError } from '../../runtime/client/backend/worker-connection.ts';
import { NetworkError } from '../../runtime/http/errors.ts';
import type { ClientProjectData } from '../../runtime/protocol/schemas/project.ts';
import { useProject } from '../project.ts';
import { AuthProvider } from '../provider.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { STILL_TRYING_TEXT, STILL_WAITING_TEXT } from './error-text.ts';
import { LoadingNotice } from './waiting.tsx';


const PROJECT = { id: 'p', displayName: 'Shown', config: {} } as unknown as ClientProjectData;

function ProjectName() {
  return createElement('h1', null, useProject().displayName);
}

const react = actRoot();
// React reports the boundary's caught errors here too; only the warning about use() is looked at.
let reactWarnings: MockInstance<typeof console.error>;
beforeEach(() => {
  reactWarnings = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => reactWarnings.mockRestore());

/** A project read that fails as each of `failures` says (one per round, each after `roundMs`), then answers. */
async function mount(failures: Error[], roundMs: number) {
  let reads = 0;
  const cache = new ProjectCache(
    () =>
      new Promise<ClientProjectData>((resolve, reject) => {
        const failure = failures[reads++];
        setTimeout(() => (failure ? reject(failure) : resolve(PROJECT)), roundMs);
      }),
  );
  const app = { projectCache: cache, setTotpPrompt: () => () => undefined, session: { subscribe: () => () => undefined, getSnapshot: () => ({ status: 'signed-out', userId: null, network: 'online', seq: 1 }) } } as unknown as StackClientApp;
  await react.render(createElement(AuthProvider, { app }, createElement(ErrorBoundary, { fullPage: true }, createElement(Suspense, { fallback: createElement(LoadingNotice) }, createElement(ProjectName)))));
  return { reads: () => reads };
}

const { shown, advance } = react;

describe('a page that reads the project while the API is down', () => {
  it('says so, retries through two failed rounds and a worker that did not answer, and shows itself when the API is back', async () => {
    const down = () => new NetworkError(new TypeError('Failed to fetch'), {}, 'http://localhost:8102/api/v1/projects/current');
    const silentWorker = new WorkerUnavailableError('authworker: the service worker did not answer apiRequest within 30000 ms');
    const page = await mount([down(), silentWorker, down()], 20_000);
    await advance(2_000);
    expect(shown()).toBe(STILL_WAITING_TEXT);
    for (let round = 1; round <= 3; round++) {
      await advance(18_000);
      expect(shown(), `round ${round}`).toContain(STILL_TRYING_TEXT);
      expect(shown()).not.toContain('Something went wrong');
      // The boundary's own retry, 5 s later, starts the next round of the shared read.
      await advance(5_000);
      expect(page.reads()).toBe(round + 1);
      await advance(2_000);
      expect(shown()).toBe(STILL_WAITING_TEXT);
    }
    await advance(18_000);
    expect(shown()).toBe('Shown');
    expect(page.reads()).toBe(4);
    // The hook calls use() on every render (React warns when a replayed render does not).
    expect(reactWarnings.mock.calls.flat().join('\n')).not.toMatch(/did not call use\(\)/);
  });
});

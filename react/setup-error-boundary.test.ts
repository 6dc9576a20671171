// @vitest-environment happy-dom
// A setup mistake is never a blank page: the provider shows a StackSetupError thrown by the hooks as a panel in place
// of the app (its message in development, people's words in production); every other error goes on as before.
import { Component, createElement, StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionSnapshot } from '../runtime/bridge/messages.ts';
import type { StackClientApp } from '../runtime/client/app/client-app.ts';
import type { CurrentUser } from '../runtime/client/user/current-user.ts';
import { UserCache } from '../runtime/client/reads/user-cache.ts';
import { SessionStore } from '../runtime/client/session/session-store.ts';
import { StackSetupError } from '../runtime/protocol/setup-error.ts';
import { changeReader } from '../testing/runtime/client/user-change.ts';
import { useUser } from './hooks.ts';
import { AuthProvider } from './provider.tsx';

const MISMATCH = 'authworker: the app and its service worker are set up for different APIs: StackClientApp\'s baseUrl is "http://localhost:8102", the worker\'s apiUrl is "http://127.0.0.1:8102".';

/** An app whose start-up met a worker set up otherwise, as StackClientApp does it: the user cache fails with the error. */
function misconfiguredApp(): StackClientApp {
  const userCache = new UserCache(async () => null as unknown as CurrentUser, changeReader(() => null as unknown as CurrentUser));
  const session = new SessionStore(async () => ({ status: 'signed-out', userId: null, network: 'online', seq: 1 }) satisfies SessionSnapshot, null, (next) => userCache.sync(next));
  userCache.fail(new StackSetupError(MISMATCH));
  return { session, userCache } as unknown as StackClientApp;
}

function Home() {
  const user = useUser();
  return createElement('p', null, user ? 'signed in' : 'signed out');
}

let unmount = () => {};
afterEach(() => unmount());

/** Renders `tree` as getting-started's main.tsx does (no error boundary of the app's own) and waits for the panel or the app. */
async function render(tree: ReactNode): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container, { onUncaughtError: () => undefined, onCaughtError: () => undefined });
  root.render(tree);
  unmount = () => root.unmount();
  await vi.waitFor(() => expect(container.textContent).not.toBe(''), { timeout: 5_000 });
  return container;
}

const app = (children: ReactNode) => createElement(AuthProvider, { app: misconfiguredApp(), totpPrompt: false }, createElement(Suspense, { fallback: null }, children));

describe('a setup error on screen', () => {
  it('in development: a panel with the error\'s message in place of the app, in StrictMode too', async () => {
    const container = await render(createElement(StrictMode, null, app(createElement(Home))));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(MISMATCH);
    expect(container.textContent).toContain('authworker is not set up correctly');
    expect(container.textContent).not.toContain('signed');
  });

  it('in production: one short sentence for people, not the developer\'s message', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const container = await render(app(createElement(Home)));
    expect(container.textContent).toBe('Sign-in is not set up correctly for this app. Please tell the app’s owner.');
  });

  it('any other error goes on to the app\'s own boundary', async () => {
    class AppBoundary extends Component<{ children?: ReactNode }, { caught?: string }> {
      override state: { caught?: string } = {};
      static getDerivedStateFromError(error: Error) {
        return { caught: error.message };
      }
      override render() {
        return this.state.caught ? createElement('p', null, `app boundary: ${this.state.caught}`) : this.props.children;
      }
    }
    function Broken(): ReactNode {
      throw new Error('a bug of the app');
    }
    const container = await render(createElement(AppBoundary, null, app(createElement(Broken))));
    expect(container.textContent).toBe('app boundary: a bug of the app');
  });
});

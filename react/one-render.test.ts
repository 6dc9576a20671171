// @vitest-environment happy-dom
// A session change and the user change it causes reach React as one render: the stores notify in one batch
// (runtime/notify/notify-manager.ts), so the hooks of both re-render together.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionSnapshot, UserChangeData } from '../runtime/bridge/messages.ts';
import type { StackClientApp } from '../runtime/client/app/client-app.ts';
import type { CurrentUser } from '../runtime/client/user/current-user.ts';
import { SessionStore } from '../runtime/client/session/session-store.ts';
import { UserCache } from '../runtime/client/reads/user-cache.ts';
import { changeReader } from '../testing/runtime/client/user-change.ts';
import { useSession, useUserState } from './hooks.ts';
import { AuthProvider } from './provider.tsx';

const snapshot = (userId: string | null, seq: number, network: SessionSnapshot['network'] = 'online'): SessionSnapshot => ({
  status: userId ? 'signed-in' : 'signed-out',
  userId,
  network,
  seq,
});
const user = (displayName: string) => ({ id: 'u1', displayName }) as unknown as CurrentUser;

/** The two stores wired as StackClientApp wires them: the user follows the session in the same batch. */
function stores() {
  const userCache = new UserCache(async () => user('Ada'), changeReader((body) => user(String(body.name))));
  const session = new SessionStore(async () => snapshot(null, 0), null, (next) => userCache.sync(next));
  return { session, userCache, app: { session, userCache } as unknown as StackClientApp };
}

const painted = () => new Promise((resolve) => setTimeout(resolve, 30));

let unmount = () => {};
afterEach(() => unmount());

/** Renders a component that reads both stores; counts its renders and records what each showed. */
async function mount(app: StackClientApp) {
  const shown: string[] = [];
  function Status() {
    const session = useSession();
    const { user } = useUserState();
    shown.push(`${session.status}/${session.network}:${user?.displayName ?? '-'}`);
    return createElement('p', null, shown.at(-1));
  }
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(createElement(AuthProvider, { app, totpPrompt: false }, createElement(Status)));
  unmount = () => root.unmount();
  await painted();
  return { shown, container, rendersSince: (from: number) => shown.slice(from) };
}

describe('one render per change', () => {
  it('signed out in another tab: the session and the user it drops re-render once', async () => {
    const { session, app } = stores();
    session.accept(snapshot('u1', 10));
    const { shown, container, rendersSince } = await mount(app);
    expect(container.textContent).toBe('signed-in/online:Ada');
    const before = shown.length;
    session.accept(snapshot(null, 11));
    await painted();
    expect(rendersSince(before)).toEqual(['signed-out/online:-']);
  });

  it("a tab's catch-up: the session it missed and the user change it missed re-render once", async () => {
    const { session, userCache, app } = stores();
    session.accept(snapshot('u1', 10));
    const { shown, rendersSince } = await mount(app);
    const before = shown.length;
    const change: UserChangeData = { seq: 10, userId: 'u1', version: 5, body: '{"name":"Ada L."}' };
    await userCache.receive(change, () => session.accept(snapshot('u1', 12, 'degraded')));
    await painted();
    expect(rendersSince(before)).toEqual(['signed-in/degraded:Ada L.']);
  });
});

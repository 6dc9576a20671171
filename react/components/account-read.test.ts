// @vitest-environment happy-dom
// Issue 30: an account page's list says within 2 s that the server is not answering yet, says so (not as an error)
// while offline or out of reach, tries again on its own, and loads when the browser is back online, with no reload.
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { actRoot } from '../../testing/react/act-root.ts';
import type { StackClientApp } from '../../runtime/client/app/client-app.ts';
import type { CurrentUser } from '../../runtime/client/user/current-user.ts';
import { UserCache } from '../../runtime/client/reads/user-cache.ts';
import { HttpError, NetworkError, OfflineError } from '../../runtime/http/errors.ts';
import { changeReader } from '../../testing/runtime/client/user-change.ts';
import { AppContext } from '../context.ts';
import { OFFLINE_WAITING_TEXT, STILL_TRYING_TEXT, STILL_WAITING_TEXT } from './error-text.ts';
import { ReadState, useAccountRead } from './kit.tsx';


const react = actRoot();

/** A list read whose answers are `answers` in order (an Error rejects, after `ms`); the last one repeats. */
async function mountList(answers: (string[] | Error)[], ms = 100) {
  let reads = 0;
  const load = () =>
    new Promise<string[]>((resolve, reject) => {
      const answer = answers[Math.min(reads++, answers.length - 1)] ?? [];
      setTimeout(() => (answer instanceof Error ? reject(answer) : resolve(answer)), ms);
    });
  // Signed in, the user fetched: the read is the user's.
  const userCache = new UserCache(async () => ({ id: 'u1' }) as CurrentUser, changeReader(() => null as never));
  userCache.sync({ status: 'signed-in', userId: 'u1', network: 'online', seq: 1 });
  await userCache.whenReady();
  const app = { userCache } as unknown as StackClientApp;
  function List() {
    const read = useAccountRead('teams', load);
    return createElement('section', null, createElement(ReadState, { read, loading: 'Loading teams…' }), read.value && createElement('ul', null, read.value.map((name) => createElement('li', { key: name }, name))));
  }
  await react.render(createElement(AppContext.Provider, { value: app }, createElement(List)));
  return { reads: () => reads };
}

const { shown, advance, container } = react;
const unreachable = () => new NetworkError(new TypeError('Failed to fetch'), {}, 'http://localhost:8102/api/v1/teams?user_id=me');

describe('an account read', () => {
  it('says "Loading…", then within 2 s that the server is not answering yet', async () => {
    await mountList([['Team A']], 30_000);
    expect(shown()).toBe('Loading teams…');
    await advance(2_000);
    expect(shown()).toBe(STILL_WAITING_TEXT);
    await advance(28_000);
    expect(shown()).toBe('Team A');
  });

  it('with the server out of reach, says it keeps trying (not as an error) and loads by itself once it answers', async () => {
    const list = await mountList([unreachable(), unreachable(), ['Team A']]);
    await advance(100);
    expect(shown()).toBe(STILL_TRYING_TEXT);
    expect(container().querySelector('[role="alert"]')).toBeNull();
    await advance(5_100);
    expect(list.reads()).toBe(2);
    expect(shown()).toBe(STILL_TRYING_TEXT);
    await advance(5_100);
    expect(shown()).toBe('Team A');
  });

  it('opened offline, says so, and loads as soon as the browser is back online, with no reload', async () => {
    const list = await mountList([new OfflineError(), ['Team A']], 10);
    await advance(10);
    expect(shown()).toBe(OFFLINE_WAITING_TEXT);
    await act(async () => void dispatchEvent(new Event('online')));
    // The cache keeps its reads 300 ms apart (the SDK's rule).
    await advance(310);
    expect(shown()).toBe('Team A');
    expect(list.reads()).toBe(2);
  });

  it('shows any other failure as its error and does not retry it on its own', async () => {
    const list = await mountList([new HttpError('http://localhost:8102/api/v1/teams', 500, 'x'), ['never']]);
    await advance(100);
    expect(container().querySelector('[role="alert"]')?.textContent).toBe('The server had a problem. Please try again later.');
    await advance(20_000);
    expect(list.reads()).toBe(1);
  });
});

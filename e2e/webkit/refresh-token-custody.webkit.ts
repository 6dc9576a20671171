import { expect, test } from './support/webkit.ts';
import { webkitTabs } from './support/tabs.ts';
import { EMULATOR_URL, uniqueEmail } from '../support/app.ts';
import { pageFetch, signUp, waitForWorkerControl } from '../support/engine-tab.ts';
import { JWT, readPageStorage, REFRESH_TOKEN, TOKEN_FIELD } from '../support/page-secrets.ts';

/** In the page: every URL it loaded (Resource Timing), fetched again by the page, with the body it gets. */
async function replayLoadedUrls(): Promise<{ url: string; body: string }[]> {
  const urls = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
  urls.add(location.href);
  return Promise.all(
    Array.from(urls, async (url) => ({ url, body: await fetch(url).then((response) => response.text(), () => '') })),
  );
}

// WebDriver classic shows no network events, so the page's responses are read where the page reads them: its
// own API calls, and every URL it loaded, fetched again from the page (through the worker, as the first time).
test('WebKit: no token in the clear in cookies, localStorage, sessionStorage, IndexedDB or any response the page gets', async ({ webkit }) => {
  const tab = await webkitTabs(webkit)();
  const email = uniqueEmail('wk-custody');
  await signUp(tab, email);
  await waitForWorkerControl(tab);
  const own = [await pageFetch(tab, '/users/me'), await pageFetch(tab, '/projects/current')];

  const stored = await tab.evaluate(readPageStorage);
  // The worker did store the session: the sealed refresh token, noise to anyone who reads it.
  expect(stored.idb).not.toBe('');
  const visible = Object.values(stored).join('\n');
  expect(visible).not.toMatch(JWT);
  expect(visible).not.toMatch(REFRESH_TOKEN);

  expect(own[0]?.body).toContain(email);
  const replayed = await tab.evaluate(replayLoadedUrls);
  const api = replayed.filter(({ url }) => url.startsWith(`${EMULATOR_URL}/api/v1/`));
  expect(api.length).toBeGreaterThan(0);
  for (const { body } of replayed) expect(body).not.toMatch(JWT);
  // The app's own scripts may name the fields; the API's answers must not carry them.
  for (const { body } of [...own, ...api]) {
    expect(body).not.toMatch(TOKEN_FIELD);
    expect(body).not.toMatch(REFRESH_TOKEN);
  }
});

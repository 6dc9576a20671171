import type { HTTPResponse } from 'puppeteer-core';
import { expect, openTab, test } from './support/firefox.ts';
import { pageFetch, signUp, waitForWorkerControl } from './support/demo.ts';
import { EMULATOR_URL, uniqueEmail } from '../support/app.ts';
import { JWT, readPageStorage, REFRESH_TOKEN, TOKEN_FIELD } from '../support/page-secrets.ts';


test('no token in the clear in cookies, localStorage, sessionStorage, IndexedDB or any response body the page sees', async ({ firefoxContext }) => {
  const page = await openTab(firefoxContext);
  const seen: Promise<{ url: string; body: string }>[] = [];
  page.on('response', (response: HTTPResponse) => {
    seen.push(response.text().then((body) => ({ url: response.url(), body }), () => ({ url: response.url(), body: '' })));
  });
  const email = uniqueEmail('ff-custody');
  await signUp(page, email);
  await waitForWorkerControl(page);
  await pageFetch(page, '/users/me');
  await pageFetch(page, '/projects/current');

  const visible = Object.values(await page.evaluate(readPageStorage)).join('\n');
  expect(visible).not.toMatch(JWT);
  expect(visible).not.toMatch(REFRESH_TOKEN);

  const responses = await Promise.all(seen);
  const api = responses.filter(({ url }) => url.startsWith(`${EMULATOR_URL}/api/v1/`));
  // The page did see the API's answers (through the worker): the user's own record among them.
  expect(api.some(({ body }) => body.includes(email))).toBe(true);
  for (const { body } of responses) expect(body).not.toMatch(JWT);
  for (const { body } of api) {
    expect(body).not.toMatch(TOKEN_FIELD);
    expect(body).not.toMatch(REFRESH_TOKEN);
  }
});

import { z } from 'zod';
import { expect, openTab, test } from './support/firefox.ts';
import { signUp, visit, waitForTestIdText, waitForWorkerControl } from './support/demo.ts';
import { advanceEmulatorClock, EMULATOR_URL, uniqueEmail } from '../support/app.ts';

const statsSchema = z.object({ refreshGrants: z.number() });

/** Refresh-token grants the emulator has answered (its control API; this project runs alone, see the config). */
async function refreshGrants(): Promise<number> {
  const response = await fetch(`${EMULATOR_URL}/emulator/api/stats`);
  return statsSchema.parse(await response.json()).refreshGrants;
}

test('5 tabs x 50 concurrent requests over an expired access token cause exactly one refresh', async ({ firefoxContext }) => {
  // Up to 500 requests through the worker (those sent with the expired token go again after the refresh): 5-15 s on a busy machine.
  test.setTimeout(60_000);
  const email = uniqueEmail('ff-storm');
  const first = await openTab(firefoxContext);
  await signUp(first, email);
  const tabs = [first];
  for (let i = 1; i < 5; i++) {
    const tab = await openTab(firefoxContext);
    await visit(tab, '/');
    await waitForTestIdText(tab, 'user-email', email);
    tabs.push(tab);
  }
  for (const tab of tabs) await waitForWorkerControl(tab);
  const before = await refreshGrants();
  await advanceEmulatorClock(11 * 60 * 1000);

  const started = Date.now();
  const results = await Promise.all(
    tabs.map((tab, t) =>
      tab.evaluate(
        async (url, t) => {
          // Distinct Accept values keep the worker from merging these into one request.
          const calls = Array.from({ length: 50 }, (_, i) => fetch(url, { headers: { accept: `application/json;q=0.${t}${i}` } }).then((r) => r.status));
          return Promise.all(calls);
        },
        `${EMULATOR_URL}/api/v1/users/me`,
        t,
      ),
    ),
  );
  const wall = Date.now() - started;
  expect(results.flat()).toEqual(Array(250).fill(200));
  const refreshes = (await refreshGrants()) - before;
  expect(refreshes).toBe(1);
  console.log(`firefox refresh storm: 250 requests from 5 tabs, ${refreshes} refresh, ${wall} ms until all succeeded`);
});

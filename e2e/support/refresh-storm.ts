// The refresh storm of the Firefox and WebKit stories: 5 signed-in tabs send 50 API calls each, at once, over an
// access token the emulator's clock has expired. It moves the clock, so it runs in a project of its own.
import { expect } from '@playwright/test';
import { advanceEmulatorClock, refreshGrants } from './app.ts';
import { signUp, waitForTestIdText, waitForWorkerControl, type EngineTab } from './engine-tab.ts';
import { EMULATOR_URL } from './ports.ts';

const TABS = 5;
const CALLS_PER_TAB = 50;

interface StormResult {
  statuses: number[];
  /** Refresh-token grants the emulator answered during the storm. */
  refreshes: number;
  /** From the signal to the last answer. */
  wallMs: number;
}

/**
 * In the page: `calls` concurrent GETs of `url`, each with its own Accept value so the worker cannot merge them.
 * They start when a message arrives on the BroadcastChannel `channel` (kept in `window.stormStatuses`), or, for the
 * tab that gives the signal (a page never receives its own posts), right after posting it.
 */
function stormCalls(url: string, tab: number, calls: number, channel: string, signals: boolean): Promise<number[]> | null {
  const send = () => Promise.all(Array.from({ length: calls }, (_, i) => fetch(url, { headers: { accept: `application/json;q=0.${tab}${i}` } }).then((r) => r.status)));
  const go = new BroadcastChannel(channel);
  if (signals) {
    go.postMessage('go');
    go.close();
    return send();
  }
  Reflect.set(window, 'stormStatuses', new Promise((resolve) => (go.onmessage = () => (go.close(), resolve(send())))));
  return null;
}

/** Signs up in a first tab, opens 4 more on the home page, expires the access token, then fires 250 calls at once. */
async function refreshStorm(openTab: () => Promise<EngineTab>, email: string): Promise<StormResult> {
  const tabs: EngineTab[] = [];
  for (let i = 0; i < TABS; i++) {
    const tab = await openTab();
    if (i === 0) await signUp(tab, email);
    else await tab.visit('/');
    await waitForTestIdText(tab, 'user-email', email);
    await waitForWorkerControl(tab);
    tabs.push(tab);
  }
  const before = await refreshGrants();
  await advanceEmulatorClock(11 * 60 * 1000);

  const url = `${EMULATOR_URL}/api/v1/users/me`;
  const channel = `storm-${email}`;
  const [signaller, ...waiting] = tabs as [EngineTab, ...EngineTab[]];
  for (const [t, tab] of waiting.entries()) await tab.evaluate(stormCalls, url, t + 1, CALLS_PER_TAB, channel, false);
  const started = Date.now();
  const first = (await signaller.evaluate(stormCalls, url, 0, CALLS_PER_TAB, channel, true)) ?? [];
  const rest: number[][] = [];
  for (const tab of waiting) rest.push(await tab.evaluate(() => Reflect.get(window, 'stormStatuses') as Promise<number[]>));
  const wallMs = Date.now() - started;
  return { statuses: [first, ...rest].flat(), refreshes: (await refreshGrants()) - before, wallMs };
}

/** The storm in `engine`'s tabs: every call answered 200, after exactly one refresh; logs the wall time. */
export async function expectOneRefreshForAStorm(engine: string, openTab: () => Promise<EngineTab>, email: string): Promise<void> {
  const storm = await refreshStorm(openTab, email);
  expect(storm.statuses).toEqual(Array(TABS * CALLS_PER_TAB).fill(200));
  expect(storm.refreshes).toBe(1);
  console.log(`${engine} refresh storm: ${storm.statuses.length} requests from ${TABS} tabs, ${storm.refreshes} refresh, ${storm.wallMs} ms until all succeeded`);
}

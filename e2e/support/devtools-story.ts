// The devtools story in any engine (EngineTab): the panel opens from the keyboard and tells the session, and a
// fault driven from code (an expired access token) shows in it as the worker handles it.
import { pageFetch, signUp, waitForWorkerControl, type EngineTab } from './engine-tab.ts';

/** Waits until one value of the panel (in its open shadow root) matches `pattern`. */
async function waitForPanelText(tab: EngineTab, key: string, pattern: string): Promise<void> {
  await tab.waitFor(
    (k, p) => new RegExp(p).test(document.querySelector('[data-authworker-devtools]')?.shadowRoot?.querySelector(`[data-testid="aw-dt-${k}"]`)?.textContent ?? ''),
    key,
    pattern,
  );
}

export async function devtoolsPanelAndExpiredToken(tab: EngineTab, email: string): Promise<void> {
  await signUp(tab, email);
  await waitForWorkerControl(tab);
  await tab.waitFor(() => document.querySelector('[data-authworker-devtools]')?.shadowRoot?.querySelector('.aw-dt-trigger') && 'authDevtools' in window);
  await tab.evaluate(() => (document.querySelector('[data-authworker-devtools]')?.shadowRoot?.querySelector('.aw-dt-trigger') as HTMLButtonElement).focus());
  await tab.press('Enter');
  await waitForPanelText(tab, 'status', '^signed-in$');
  await waitForPanelText(tab, 'email', `^${email.replace(/[.+]/g, '\\$&')}$`);
  await waitForPanelText(tab, 'mode', '^worker$');
  await waitForPanelText(tab, 'expiry', '^expires in');

  await tab.evaluate(() => (window as unknown as { authDevtools: { expireAccessToken(): Promise<void> } }).authDevtools.expireAccessToken());
  await waitForPanelText(tab, 'expiry', 'none held');
  const answer = await pageFetch(tab, '/users/me?reason=devtools-expired');
  if (answer.status !== 200) throw new Error(`after the expired token, /users/me answered ${answer.status}`);
  await waitForPanelText(tab, 'last-refresh', 'ok$');
  await waitForPanelText(tab, 'expiry', '^expires in');
}

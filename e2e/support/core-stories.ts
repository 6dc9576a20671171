// The core user stories that Firefox and WebKit both run, written once over EngineTab (e2e/support/engine-tab.ts);
// each engine's file opens the tabs, logs what it measured, and adds what only that engine does.
import { expect } from '@playwright/test';
import { codeIn, lastMailTo } from './app.ts';
import { chooseTab, crossTabEditDelay, crossTabSignOutDelay, isControlled, labelledControlId, pageFetch, signUp, waitForRoleText, waitForTestId, waitForTestIdText, waitForWorkerControl, type EngineTab } from './engine-tab.ts';

export type OpenTab = () => Promise<EngineTab>;

/** Sign up, reload: still signed in, the worker controls the page and answers its own API calls. */
export async function signUpAndReload(openTab: OpenTab, email: string): Promise<void> {
  const tab = await openTab();
  await signUp(tab, email);
  await waitForTestIdText(tab, 'session-status', 'signed-in');
  await waitForWorkerControl(tab);

  await tab.reload();
  await waitForTestIdText(tab, 'user-email', email);
  expect(await isControlled(tab)).toBe(true);
  // A plain fetch of /users/me, with no headers, is signed in: the worker added the token.
  const me = await pageFetch(tab, '/users/me');
  expect(me.status).toBe(200);
  expect(me.body).toContain(email);
}

/** A tab opened later is signed in; a sign-out in it reaches the first tab: returns how long that took (ms). */
export async function secondTabAndSignOut(openTab: OpenTab, email: string): Promise<number> {
  const tabA = await openTab();
  await signUp(tabA, email);
  const tabB = await openTab();
  await tabB.visit('/');
  await waitForTestIdText(tabB, 'user-email', email);
  await waitForWorkerControl(tabB);
  return crossTabSignOutDelay(tabA, tabB);
}

/** The 6-character code sent in one tab is typed in another (the worker kept the nonce), and every tab is signed in. */
export async function magicLinkCodeInAnotherTab(openTab: OpenTab, email: string): Promise<void> {
  const tabA = await openTab();
  await tabA.visit('/handler/sign-in');
  await chooseTab(tabA, 'Email');
  await tabA.fill('E-mail for a sign-in link', email);
  await tabA.clickButton('Email me a sign-in link');
  await waitForRoleText(tabA, 'status', `We sent a link and a code to ${email}`);
  const code = codeIn(await lastMailTo(email));

  const tabB = await openTab();
  await tabB.visit('/handler/sign-in');
  await chooseTab(tabB, 'Email');
  await tabB.clickButton('I have a code');
  await waitForRoleText(tabB, 'status', 'Type the 6-character code');
  // The form moves focus to the code field, so the user types straight away; lowercase is accepted.
  await tabB.waitFor(() => document.activeElement?.getAttribute('name') === 'code');
  await tabB.fill('Code from the e-mail', code.toLowerCase());
  await tabB.waitFor((value) => (document.activeElement as HTMLInputElement | null)?.value === value, code);
  await tabB.press('Enter');

  await waitForTestIdText(tabB, 'user-email', email);
  await waitForTestIdText(tabA, 'session-status', 'signed-in');
}

/** Without service workers the page hosts the session: sign-up, reload, a second tab, and a sign-out there reaches the first. */
export async function pageHostedSession(openTab: OpenTab, email: string): Promise<void> {
  const tabA = await openTab();
  await signUp(tabA, email);
  expect(await tabA.evaluate(() => 'serviceWorker' in navigator)).toBe(false);

  await tabA.reload();
  await waitForTestIdText(tabA, 'user-email', email);

  const tabB = await openTab();
  await tabB.visit('/');
  await waitForTestIdText(tabB, 'user-email', email);
  await tabB.clickButton('Sign out');
  await waitForTestId(tabB, 'signed-out');
  await waitForTestId(tabA, 'signed-out');
}

/** The first visit, online: sign up, the worker takes control, and the sign-in page is seen once (its project config is then known to the worker). */
export async function firstVisitOnline(tab: EngineTab, email: string): Promise<void> {
  await signUp(tab, email);
  await waitForWorkerControl(tab);
  await tab.visit('/handler/sign-in');
  await tab.waitFor(labelledControlId, 'E-mail');
}

/**
 * A display name saved in tab A shows in tab B without a reload (issue 31): returns how long after the click (ms).
 * `withWorker` false: the page-hosted session (no service workers), where tab B's own host fetches the user once.
 */
export async function userEditInAnotherTab(openTab: OpenTab, email: string, withWorker = true): Promise<number> {
  const tabA = await openTab();
  await signUp(tabA, email);
  const tabB = await openTab();
  await tabB.visit('/');
  await waitForTestIdText(tabB, 'user-email', email);
  if (withWorker) await waitForWorkerControl(tabB);
  await tabA.visit('/handler/account-settings');
  await tabA.waitFor(labelledControlId, 'Display name');
  return crossTabEditDelay(tabB, tabA, `Ada ${Date.now().toString(36)}`);
}

import { expect, type BrowserContext, type Page } from '@playwright/test';
import { z } from 'zod';

import { DEMO_PROJECT } from '../../emulator/domain/seed.ts';
import { DEMO_URL, EMULATOR_URL } from './ports.ts';

export { EMULATOR_URL };
export const PASSWORD = 'correct horse battery staple';

let counter = 0;
/** A fresh address per test, so parallel tests never share a user. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/**
 * Stops every service worker of the context, as the browser does with an idle one, and waits until it has stopped
 * (CDP: Playwright keeps an attached worker alive, so it is never stopped for being idle here).
 */
export async function stopServiceWorkers(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  let stopped: () => void = () => undefined;
  const workerStopped = new Promise<void>((resolve) => (stopped = resolve));
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    if (versions.some((version) => version.runningStatus === 'stopped')) stopped();
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await workerStopped;
  await cdp.detach();
}

/**
 * An account made straight at the API (as any client would, with the demo project's key): its first session's
 * tokens, e.g. for a cookie the official SDK would have written.
 */
export async function createUserAtApi(email: string, options: { password?: string; callbackOrigin?: string } = {}): Promise<{ refreshToken: string; userId: string }> {
  const response = await fetch(`${EMULATOR_URL}/api/v1/auth/password/sign-up`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-stack-project-id': DEMO_PROJECT.id,
      'x-stack-access-type': 'client',
      'x-stack-publishable-client-key': DEMO_PROJECT.publishableClientKey,
    },
    body: JSON.stringify({ email, password: options.password ?? PASSWORD, verification_callback_url: `${options.callbackOrigin ?? DEMO_URL}/handler/email-verification` }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { refresh_token: string; user_id: string };
  return { refreshToken: body.refresh_token, userId: body.user_id };
}

/** Whether the emulator still accepts `refreshToken` (asked from the test, never through the browser). */
export async function refreshTokenAlive(refreshToken: string): Promise<boolean> {
  const response = await fetch(`${EMULATOR_URL}/api/v1/auth/sessions/current/refresh`, {
    method: 'POST',
    headers: {
      'x-stack-project-id': DEMO_PROJECT.id,
      'x-stack-access-type': 'client',
      'x-stack-publishable-client-key': DEMO_PROJECT.publishableClientKey,
      'x-stack-refresh-token': refreshToken,
      'content-type': 'application/json',
    },
    body: '{}',
  });
  return response.ok;
}

export async function waitForWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
}

export async function signUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/handler/sign-up');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByTestId('user-email')).toHaveText(email);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/handler/sign-in');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Moves the emulator's clock forward: outstanding access tokens become expired server-side. */
export async function advanceEmulatorClock(ms: number): Promise<void> {
  const response = await fetch(`${EMULATOR_URL}/emulator/api/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_ms: ms }),
  });
  expect(response.ok).toBe(true);
}

const statsSchema = z.object({ refreshGrants: z.number() });

/** Refresh-token grants the emulator has answered (its control API: only a story that runs alone may count them). */
export async function refreshGrants(): Promise<number> {
  const response = await fetch(`${EMULATOR_URL}/emulator/api/stats`);
  return statsSchema.parse(await response.json()).refreshGrants;
}

/** Counts the worker's calls to one API path, as the browser sends them. */
export async function countWorkerRequests(context: BrowserContext, pathSuffix: string): Promise<{ count: () => number; headers: () => Record<string, string>[] }> {
  const seen: Record<string, string>[] = [];
  await context.route(`${EMULATOR_URL}/api/v1${pathSuffix}*`, async (route) => {
    seen.push(route.request().headers());
    await route.continue();
  });
  return { count: () => seen.length, headers: () => seen };
}

/** Calls the API from page code exactly as an app would: no headers of its own. */
export async function pageFetchJson(page: Page, path: string, init: { method?: string; body?: string } = {}): Promise<{ status: number; body: string }> {
  return page.evaluate(
    async ({ url, init }) => {
      const response = await fetch(url, { method: init.method ?? 'GET', ...(init.body ? { body: init.body, headers: { 'content-type': 'application/json' } } : {}) });
      return { status: response.status, body: await response.text() };
    },
    { url: `${EMULATOR_URL}/api/v1${path}`, init },
  );
}

export interface OutboxMail {
  subject: string;
  text: string;
  to: string;
}

/** The newest mail the emulator sent to `address` (its outbox API; the mail is there when the call returns). */
export async function lastMailTo(address: string): Promise<OutboxMail> {
  const mailbox = encodeURIComponent(address.split('@')[0] ?? '');
  const response = await fetch(`${EMULATOR_URL}/emulator/api/outbox?mailbox=${mailbox}`);
  const mails = (await response.json()) as OutboxMail[];
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no mail for ${address}`);
  return mail;
}

/** The 6-character code of a sign-in e-mail. */
export function codeIn(mail: OutboxMail): string {
  const code = /Your code is ([0-9A-Z]{6})/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no code in: ${mail.subject}`);
  return code;
}

/** The link of an e-mail, made relative to the demo (the callback URLs point at it). */
export function linkIn(mail: OutboxMail): string {
  const url = /https?:\/\/\S+[?&]code=[0-9a-z]{45}/.exec(mail.text)?.[0];
  if (!url) throw new Error(`no link in: ${mail.text}`);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

// A page the developer visits while the emulator runs cannot read its outbox (sign-in links), its mailbox or its
// stats, nor move its clock: no CORS on the development APIs, and a DNS-rebound name gets a 403 (emulator/README.md).
import { createServer, type Server } from 'node:http';
import { chromium, expect, test } from '@playwright/test';
import { signUpOverHttp } from '../testing/emulator/http-sign-up.ts';
import { chromiumLaunchOptions } from './support/chromium.ts';
import { EMULATOR_PORT, EMULATOR_URL } from './support/ports.ts';
import { lastMailTo, PASSWORD, uniqueEmail } from './support/app.ts';

const MAILBOX_URL = `http://localhost:${EMULATOR_PORT + 3}`;

let other: Server;
let otherOrigin: string;
test.beforeAll(async () => {
  // A second origin: a plain page on another localhost port.
  other = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>another site</title>'));
  await new Promise<void>((resolve) => other.listen(0, 'localhost', resolve));
  const address = other.address();
  otherOrigin = `http://localhost:${typeof address === 'object' && address !== null ? address.port : 0}`;
});
test.afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())));

/** Runs fetch in the page; 'blocked' when the browser refuses to hand the answer to the page. */
const FETCH_IN_PAGE = async ({ url, init }: { url: string; init?: RequestInit }): Promise<string> => {
  try {
    const res = await fetch(url, init);
    return `${res.status} ${await res.text()}`;
  } catch (error) {
    return `blocked (${(error as Error).name})`;
  }
};

test('another origin cannot read the outbox, mailbox or stats, nor move the clock', async ({ page }) => {
  const email = uniqueEmail('local-only');
  await signUpOverHttp(EMULATOR_URL, email, PASSWORD);
  // The mail with its link is there (read from Node, as the test kits do).
  expect((await lastMailTo(email)).text).toMatch(/code=/);
  const clockBefore = ((await (await fetch(`${EMULATOR_URL}/emulator/api/clock`)).json()) as { now_millis: number }).now_millis;

  await page.goto(otherOrigin);
  const mailbox = encodeURIComponent(email.split('@')[0] ?? '');
  for (const url of [
    `${EMULATOR_URL}/emulator/api/outbox?mailbox=${mailbox}`,
    `${EMULATOR_URL}/emulator/api/outbox`,
    `${EMULATOR_URL}/emulator/api/stats`,
    `${EMULATOR_URL}/emulator/api/clock`,
    `${MAILBOX_URL}/api/v1/mailbox/${mailbox}`,
  ]) {
    expect(await page.evaluate(FETCH_IN_PAGE, { url }), url).toBe('blocked (TypeError)');
  }
  const move = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advance_ms: 86_400_000 }) };
  expect(await page.evaluate(FETCH_IN_PAGE, { url: `${EMULATOR_URL}/emulator/api/clock`, init: move })).toBe('blocked (TypeError)');
  // A "simple" request (no preflight) reaches the server but the page still learns nothing; the clock moves only
  // through the JSON body such a request cannot send as JSON.
  const simple = { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ advance_ms: 86_400_000 }) };
  expect(await page.evaluate(FETCH_IN_PAGE, { url: `${EMULATOR_URL}/emulator/api/clock`, init: simple })).toBe('blocked (TypeError)');
  const clockAfter = ((await (await fetch(`${EMULATOR_URL}/emulator/api/clock`)).json()) as { now_millis: number }).now_millis;
  expect(clockAfter - clockBefore).toBeLessThan(60_000);

  // The API itself stays open to other origins, as the backend's CORS rules require: the page does reach the emulator.
  expect(await page.evaluate(FETCH_IN_PAGE, { url: `${EMULATOR_URL}/health` })).toBe('200 {"status":"ok"}');
});

test('a DNS-rebound name reaches the emulator but gets a 403 on every route', async () => {
  // rebind.test resolves to this machine, as an attacker's name would after rebinding; the page is then same-origin.
  const options = chromiumLaunchOptions();
  const browser = await chromium.launch({ ...options, args: [...(options.args ?? []), '--host-resolver-rules=MAP rebind.test 127.0.0.1'] });
  try {
    const page = await browser.newPage();
    const rebound = `http://rebind.test:${EMULATOR_PORT}`;
    const response = await page.goto(`${rebound}/emulator/outbox`);
    expect(response?.status()).toBe(403);
    for (const path of ['/emulator/api/outbox', '/emulator/api/stats', '/api/v1/projects/current', '/health']) {
      const answer = await page.evaluate(FETCH_IN_PAGE, { url: `${rebound}${path}` });
      expect(answer, path).toMatch(/^403 Forbidden: the emulator only answers requests addressed to localhost/);
    }
  } finally {
    await browser.close();
  }
});

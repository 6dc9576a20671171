// Session state a tab shows must come from the worker: a forged BroadcastChannel message changes nothing,
// while a user deleted on the server signs every tab out at its next call.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PROJECT } from '../emulator/domain/seed.ts';
import { StackServerApp } from '../runtime/server/index.ts';
import { EMULATOR_URL, pageFetchJson, signUp, uniqueEmail, waitForWorkerControl } from './support/app.ts';

const CHANNEL = `authworker:${DEMO_PROJECT.id}`;

/** Starts listening in `page` for the forger's post; `arrived(page)` then waits for it plus two frames (React's render). */
async function listenForForgery(page: Page): Promise<void> {
  await page.evaluate((channelName) => {
    const channel = new BroadcastChannel(channelName);
    (window as unknown as { forgeryArrived: Promise<void> }).forgeryArrived = new Promise<void>((resolve) => {
      channel.onmessage = (event: MessageEvent<{ source?: string }>) => {
        if (event.data.source === 'forger') requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      };
    });
  }, CHANNEL);
}
const arrived = (page: Page) => page.evaluate(() => (window as unknown as { forgeryArrived: Promise<void> }).forgeryArrived);

test('a forged session event on the BroadcastChannel changes no tab', async ({ context }) => {
  const tabA = await context.newPage();
  const email = uniqueEmail('forged-broadcast');
  await signUp(tabA, email);
  await waitForWorkerControl(tabA);
  const tabB = await context.newPage();
  await tabB.goto('/');
  await expect(tabB.getByTestId('user-email')).toHaveText(email);
  const forger = await context.newPage();
  await forger.goto('/');

  await Promise.all([listenForForgery(tabA), listenForForgery(tabB)]);
  await forger.evaluate((channelName) => {
    const forged = { status: 'signed-out', userId: null, network: 'online', seq: Number.MAX_SAFE_INTEGER };
    new BroadcastChannel(channelName).postMessage({ type: 'session', snapshot: forged, source: 'forger' });
  }, CHANNEL);
  await Promise.all([arrived(tabA), arrived(tabB)]);

  for (const tab of [tabA, tabB]) {
    await expect(tab.getByTestId('user-email')).toHaveText(email, { timeout: 1 });
    await expect(tab.getByTestId('session-status')).toHaveText('signed-in', { timeout: 1 });
  }
  // The real thing still goes through, fast: a sign-out in tab B reaches tab A.
  await tabB.getByRole('button', { name: 'Sign out' }).click();
  await expect(tabA.getByTestId('signed-out')).toBeVisible({ timeout: 1_000 });
});

test('a user deleted on the server is signed out in every tab within a second of the next call', async ({ context }) => {
  const tabA = await context.newPage();
  const email = uniqueEmail('deleted-user');
  await signUp(tabA, email);
  await waitForWorkerControl(tabA);
  const tabB = await context.newPage();
  await tabB.goto('/');
  await expect(tabB.getByTestId('user-email')).toHaveText(email);

  const server = new StackServerApp({ projectId: DEMO_PROJECT.id, secretServerKey: DEMO_PROJECT.secretServerKey, baseUrl: EMULATOR_URL, verifyAccessTokens: false });
  const [user] = (await server.listUsers({ query: email })).filter((candidate) => candidate.primaryEmail === email);
  expect(user).toBeDefined();
  await server.deleteUser(user!.id);

  // Still shown as signed in: nothing has asked the server yet.
  await expect(tabA.getByTestId('session-status')).toHaveText('signed-in');
  // A path no background read uses: tab B's revalidation of /users/me may still be in flight, and the worker shares it.
  const call = await pageFetchJson(tabA, '/users/me?reason=after-delete');
  expect(JSON.parse(call.body)).toMatchObject({ code: 'CANNOT_GET_OWN_USER_WITHOUT_USER' });
  for (const tab of [tabA, tabB]) await expect(tab.getByTestId('signed-out')).toBeVisible({ timeout: 1_000 });
});

import { expect, openTab, test } from './support/firefox.ts';
import { signUp, visit, waitForTestIdText, waitForWorkerControl } from './support/demo.ts';
import { uniqueEmail } from '../support/app.ts';
import { DEMO_URL, EMULATOR_PORT } from '../support/ports.ts';

// Firefox partitions a third-party iframe's storage and service workers by the top-level site (state partitioning).
test('the app in a third-party iframe has a partition of its own: its own worker, and signed out there', async ({ firefoxContext }) => {
  const firstParty = await openTab(firefoxContext);
  const email = uniqueEmail('ff-iframe');
  await signUp(firstParty, email);
  await waitForWorkerControl(firstParty);

  // Another site (127.0.0.1 is not localhost) embeds the app.
  const embedder = await openTab(firefoxContext);
  await embedder.goto(`http://127.0.0.1:${EMULATOR_PORT}/emulator/outbox`);
  const framed = embedder.waitForFrame((frame) => frame.url().startsWith(DEMO_URL));
  await embedder.evaluate((src) => {
    const iframe = document.createElement('iframe');
    iframe.src = src;
    document.body.replaceChildren(iframe);
  }, `${DEMO_URL}/`);
  const frame = await framed;
  await frame.waitForSelector('[data-testid="signed-out"]');
  await frame.waitForFunction(() => !!navigator.serviceWorker?.controller);

  // The first-party tab is untouched: still signed in.
  await visit(firstParty, '/');
  await waitForTestIdText(firstParty, 'user-email', email);
  expect(await frame.evaluate(() => document.querySelector('[data-testid="user-email"]'))).toBeNull();
});

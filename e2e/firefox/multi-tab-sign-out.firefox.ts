import { expect, openTab, test } from './support/firefox.ts';
import { signUp, visit, waitForTestId, waitForTestIdText, waitForWorkerControl } from './support/demo.ts';
import { uniqueEmail } from '../support/app.ts';

test('a tab opened later is signed in, and signing out in tab B signs out tab A without a reload', async ({ firefoxContext }) => {
  const tabA = await openTab(firefoxContext);
  const email = uniqueEmail('ff-multi-tab');
  await signUp(tabA, email);

  const tabB = await openTab(firefoxContext);
  await visit(tabB, '/');
  await waitForTestIdText(tabB, 'user-email', email);
  await waitForWorkerControl(tabB);

  // Tab A notes the moment its DOM shows signed-out; tab B notes the click. Same clock (timeOrigin).
  await tabA.evaluate(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="signed-out"]')) {
        (window as unknown as { signedOutAt: number }).signedOutAt = performance.timeOrigin + performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  const clickedAt = await tabB.evaluate(() => {
    const at = performance.timeOrigin + performance.now();
    Array.from(document.querySelectorAll('button'))
      .find((button) => button.textContent === 'Sign out')
      ?.click();
    return at;
  });

  await waitForTestId(tabA, 'signed-out');
  await waitForTestId(tabB, 'signed-out');
  const signedOutAt = await tabA.evaluate(() => (window as unknown as { signedOutAt: number }).signedOutAt);
  const delay = signedOutAt - clickedAt;
  console.log(`firefox cross-tab sign-out: tab A showed signed-out ${delay.toFixed(1)} ms after the click in tab B`);
  expect(delay).toBeGreaterThan(0);
});

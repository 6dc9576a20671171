import { expect, openTab, test } from './support/firefox.ts';
import { clickButton, fieldSelector, fill, visit, waitForRoleText, waitForTestIdText } from './support/demo.ts';
import { lastMailTo, uniqueEmail } from '../support/app.ts';

test('magic link: the 6-character code sent in one tab is typed in another, and every tab is signed in', async ({ firefoxContext }) => {
  const email = uniqueEmail('ff-magic-code');
  const tabA = await openTab(firefoxContext);
  await visit(tabA, '/handler/sign-in');
  await fill(tabA, 'E-mail for a sign-in link', email);
  await clickButton(tabA, 'Email me a sign-in link');
  await waitForRoleText(tabA, 'status', `We sent a link and a code to ${email}`);
  const otp = /Your code is ([0-9A-Z]{6})/.exec((await lastMailTo(email)).subject)?.[1] ?? '';
  expect(otp).toHaveLength(6);

  // The worker kept the nonce, so the code works in a tab that never sent the e-mail.
  const tabB = await openTab(firefoxContext);
  await visit(tabB, '/handler/sign-in');
  const iHaveACode = await tabB.waitForSelector('::-p-aria(I have a code[role="button"])');
  await iHaveACode?.focus();
  await tabB.keyboard.press('Enter');
  await waitForRoleText(tabB, 'status', 'Type the 6-character code');
  const codeField = await fieldSelector(tabB, 'Code from the e-mail');
  await tabB.waitForFunction((selector) => document.activeElement === document.querySelector(selector), {}, codeField);
  await tabB.keyboard.type(otp.toLowerCase());
  await tabB.waitForFunction((selector, value) => (document.querySelector(selector) as HTMLInputElement | null)?.value === value, {}, codeField, otp);
  await tabB.keyboard.press('Enter');

  await waitForTestIdText(tabB, 'user-email', email);
  await waitForTestIdText(tabA, 'session-status', 'signed-in');
});

import { expect, test, type Page } from '@playwright/test';
import { generateTotp } from '../emulator/domain/totp.ts';
import { EMULATOR_URL, PASSWORD, signIn, signUp, uniqueEmail } from './support/app.ts';

/** The raw secret of an RFC 4648 base32 key, as standard base64 (what the emulator's generator takes). */
function base32ToBase64(key: string): string {
  let bits = 0;
  let buffer = 0;
  const bytes: number[] = [];
  for (const ch of key) {
    buffer = (buffer << 5) | 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      bytes.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes).toString('base64');
}

/** The code the emulator accepts now: its clock may have been moved by other tests. */
async function emulatorTotp(secretBase64: string): Promise<string> {
  const clock = (await (await fetch(`${EMULATOR_URL}/emulator/api/clock`)).json()) as { now_millis: number };
  return generateTotp(secretBase64, clock.now_millis);
}

async function answerNextPrompt(page: Page, answer: string): Promise<void> {
  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('prompt');
    expect(dialog.message()).toBe('Please enter the six-digit TOTP code from your authenticator app.');
    void dialog.accept(answer);
  });
}

test('MFA: TOTP set up on the account page is asked for at the next password sign-in', async ({ page }) => {
  const email = uniqueEmail('mfa');
  await signUp(page, email);

  await page.goto('/handler/account-settings');
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const key = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await expect(page.getByTestId('totp-uri')).toHaveText(`otpauth://totp/Demo:${encodeURIComponent(email)}?secret=${key}&issuer=Demo`);
  const secret = base32ToBase64(key);
  // The page checks the code against the browser's clock, as an authenticator app would show it.
  await page.getByLabel('Code from the app').fill(await generateTotp(secret, Date.now()));
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Two-factor authentication is on' })).toBeVisible();

  await page.goto('/');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('signed-out')).toBeVisible();

  await answerNextPrompt(page, '000000');
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: 'The TOTP code is invalid. Please try again.' })).toBeVisible();
  await expect(page.getByTestId('session-status')).toHaveText('signed-out');

  await answerNextPrompt(page, await emulatorTotp(secret));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('user-email')).toHaveText(email);
});

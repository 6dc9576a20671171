import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { generateTotp } from '../emulator/domain/totp.ts';
import { EMULATOR_URL, PASSWORD, signUp, uniqueEmail } from './support/app.ts';
import { textFor } from './support/people-text.ts';

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

/** Our TOTP dialog, not the browser's prompt: the demo's AuthProvider installs it. */
function totpDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
  return { dialog, code: dialog.getByLabel('Code from your authenticator app'), verify: dialog.getByRole('button', { name: 'Verify' }) };
}

test('MFA: TOTP set up on the account page is asked for in a dialog at the next password sign-in', async ({ page }) => {
  const browserPrompts: string[] = [];
  page.on('dialog', (dialog) => {
    browserPrompts.push(dialog.message());
    void dialog.dismiss();
  });
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

  const { dialog, code, verify } = totpDialog(page);
  const signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
  const wrongCode = textFor('INVALID_TOTP_CODE');
  const invalid = page.getByRole('alert').filter({ hasText: wrongCode });

  // Submitted with Enter, cancelled with Escape: the words for INVALID_TOTP_CODE, and focus back where it was.
  await page.goto('/handler/sign-in');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill(PASSWORD);
  await password.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  const audit = await new AxeBuilder({ page }).include('dialog').analyze();
  expect(audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(invalid).toBeVisible();
  await expect(password).toBeFocused();
  await expect(page.getByTestId('session-status')).toHaveText('signed-out');

  // Cancelled with its button; a cancel is no wrong code, so the next ask starts clean.
  await signInButton.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(invalid).toBeVisible();

  // Not six digits: said in the dialog, which stays open.
  await signInButton.click();
  await code.fill('12 34');
  await verify.click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter the six-digit code from your authenticator app.');
  await expect(code).toHaveAttribute('aria-invalid', 'true');

  // A wrong code: the sign-in fails with the catalogue's message, and the next sign-in asks again with it.
  const right = await emulatorTotp(secret);
  await code.fill(right === '000000' ? '111111' : '000000');
  await verify.click();
  await expect(dialog).toBeHidden();
  await expect(invalid).toBeVisible();
  await expect(page.getByTestId('session-status')).toHaveText('signed-out');

  await signInButton.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(wrongCode);
  await code.fill(await emulatorTotp(secret));
  await verify.click();
  await expect(page.getByTestId('user-email')).toHaveText(email);
  expect(browserPrompts).toEqual([]);
});

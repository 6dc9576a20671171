// The prompt AuthProvider installs (app.setTotpPrompt) is the one an MFA sign-in asks; putting the replaced one
// back restores the app's own onTotpRequired. Page-hosted app against the in-process emulator.
import { describe, expect, it } from 'vitest';
import { generateTotp } from '../emulator/domain/totp.ts';
import type { StackClientApp } from '../runtime/client/app/client-app.ts';
import { emulatorClientKit } from '../testing/runtime/client/emulator-client.ts';
import { totpSecretToBase64 } from '../runtime/protocol/totp.ts';

const { emulator, clientApp } = emulatorClientKit();

const PASSWORD = 'correct horse battery';

function makeApp(onTotpRequired?: () => Promise<string | null>): StackClientApp {
  return clientApp({ redirectMethod: 'none', ...(onTotpRequired ? { onTotpRequired } : {}) });
}

describe('app.setTotpPrompt', () => {
  it('replaces onTotpRequired for MFA sign-ins; the function it returns puts it back', async () => {
    const email = `totp-prompt-${crypto.randomUUID()}@example.com`;
    const secret = crypto.getRandomValues(new Uint8Array(20));
    const owner = makeApp();
    const verificationCallbackUrl = 'http://localhost:5173/handler/email-verification';
    expect((await owner.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, verificationCallbackUrl })).status).toBe('ok');
    await (await owner.getUser({ or: 'throw' })).update({ totpMultiFactorSecret: secret });
    const code = () => generateTotp(totpSecretToBase64(secret), emulator().clock.now());

    const asked: string[] = [];
    const own = async () => {
      asked.push('own');
      return code();
    };
    const app = makeApp(own);
    const installed = async () => {
      asked.push('installed');
      return '000000' === (await code()) ? '111111' : '000000';
    };
    const restore = app.setTotpPrompt(installed);
    const wrong = await app.signInWithCredential({ email, password: PASSWORD, noRedirect: true });
    expect(wrong.status === 'error' && wrong.error.code).toBe('INVALID_TOTP_CODE');

    restore();
    expect((await app.signInWithCredential({ email, password: PASSWORD, noRedirect: true })).status).toBe('ok');
    expect(asked).toEqual(['installed', 'own']);
    // Signed in; and the user read that the sign-in started is over before the emulator closes.
    expect((await app.getUser({ or: 'throw' })).primaryEmail).toBe(email);
  });

  it('put back, an app without a prompt of its own has the browser prompt again', async () => {
    const app = makeApp();
    const asked: string[] = [];
    app.setTotpPrompt(async () => {
      asked.push('installed');
      return null;
    })();
    const prompts: string[] = [];
    globalThis.prompt = (text) => {
      prompts.push(text ?? '');
      return null;
    };
    try {
      const email = `totp-default-${crypto.randomUUID()}@example.com`;
      const verificationCallbackUrl = 'http://localhost:5173/handler/email-verification';
      const owner = makeApp();
      expect((await owner.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, verificationCallbackUrl })).status).toBe('ok');
      await (await owner.getUser({ or: 'throw' })).update({ totpMultiFactorSecret: crypto.getRandomValues(new Uint8Array(20)) });
      const cancelled = await app.signInWithCredential({ email, password: PASSWORD, noRedirect: true });
      expect(cancelled.status === 'error' && cancelled.error.code).toBe('INVALID_TOTP_CODE');
      expect(asked).toEqual([]);
      expect(prompts).toEqual(['Please enter the six-digit TOTP code from your authenticator app.']);
    } finally {
      delete (globalThis as { prompt?: unknown }).prompt;
    }
  });
});

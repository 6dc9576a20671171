// The whole client stack in Node: StackClientApp (page-hosted, memory) -> session host -> pipeline
// -> the in-process emulator. No browser, no mocks of our own code.
import { describe, expect, it, vi } from 'vitest';
import { DEMO_PROJECT } from '../../../emulator/domain/seed.ts';
import { KnownErrors } from '../../protocol/errors/index.ts';
import type { StackClientApp } from './client-app.ts';
import { InPageHost } from '../backend/in-page-host.ts';
import { emulatorClientKit } from '../../../testing/runtime/client/emulator-client.ts';

const { emulator, clientApp } = emulatorClientKit();

const CALLBACK = 'http://localhost:5173/handler/callback';

function makeApp(options: { totp?: string } = {}): StackClientApp {
  // Unlike the other client test files, this one keeps the default prefetch of the operations.
  return clientApp({ noAutomaticPrefetch: false, onTotpRequired: async () => options.totp ?? null });
}

const email = () => `client-${crypto.randomUUID()}@example.com`;
const PASSWORD = 'correct horse battery';

interface OutboxMail {
  subject: string;
  text: string;
}
async function lastMail(address: string): Promise<OutboxMail> {
  const response = await emulator().app.request(`http://localhost:8102/emulator/api/outbox?mailbox=${encodeURIComponent(address.split('@')[0] ?? '')}`);
  const mails = (await response.json()) as OutboxMail[];
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no mail for ${address}`);
  return mail;
}
const linkCode = (mail: OutboxMail) => /[?&]code=([0-9a-z]{45})/.exec(mail.text)?.[1] ?? '';

describe('StackClientApp against the emulator', () => {
  it('signs up, reads and updates the user, signs out', async () => {
    const app = makeApp();
    const address = email();
    expect(await app.signUpWithCredential({ email: address, password: PASSWORD, noRedirect: true, verificationCallbackUrl: CALLBACK })).toEqual({ status: 'ok', data: undefined });
    expect(app.session.getSnapshot().status).toBe('signed-in');
    const user = await app.getUser({ or: 'throw' });
    expect(user.primaryEmail).toBe(address);
    expect(user.primaryEmailVerified).toBe(false);
    expect(user.hasPassword).toBe(true);

    await user.update({ displayName: 'Ada', clientMetadata: { theme: 'dark' } });
    // The edit's answer is the user: shown as soon as update() resolves.
    expect(app.userCache.getSnapshot().user).toMatchObject({ displayName: 'Ada', clientMetadata: { theme: 'dark' } });
    const updated = await app.getUser({ or: 'throw' });
    expect(updated).toMatchObject({ displayName: 'Ada', clientMetadata: { theme: 'dark' } });

    await app.signOut();
    expect(app.session.getSnapshot().status).toBe('signed-out');
    expect(await app.getUser()).toBeNull();
  });

  it('returns the expected errors as results: duplicate sign-up, wrong password, short password', async () => {
    const app = makeApp();
    const address = email();
    await app.signUpWithCredential({ email: address, password: PASSWORD, noRedirect: true, verificationCallbackUrl: CALLBACK });
    const duplicate = await makeApp().signUpWithCredential({ email: address, password: PASSWORD, noRedirect: true, verificationCallbackUrl: CALLBACK });
    expect(duplicate.status === 'error' && duplicate.error).toBeInstanceOf(KnownErrors.UserEmailAlreadyExists);
    const short = await makeApp().signUpWithCredential({ email: email(), password: 'short', noRedirect: true, verificationCallbackUrl: CALLBACK });
    expect(short.status === 'error' && short.error).toBeInstanceOf(KnownErrors.PasswordTooShort);
    const wrong = await makeApp().signInWithCredential({ email: address, password: 'not-the-password', noRedirect: true });
    expect(wrong.status === 'error' && wrong.error.message).toBe('Wrong e-mail or password.');
  });

  it('signs in with a magic link, and with the 6-character code from the e-mail', async () => {
    const address = email();
    const first = makeApp();
    const sent = await first.sendMagicLinkEmail(address, { callbackUrl: CALLBACK });
    expect(sent.status).toBe('ok');
    const mail = await lastMail(address);
    const byLink = await first.signInWithMagicLink(linkCode(mail), { noRedirect: true });
    expect(byLink).toEqual({ status: 'ok', data: { isNewUser: true } });
    expect((await first.getUser({ or: 'throw' })).primaryEmailVerified).toBe(true);

    const second = makeApp();
    await second.sendMagicLinkEmail(address, { callbackUrl: CALLBACK });
    const otp = /Your code is ([0-9A-Z]{6})/.exec((await lastMail(address)).subject)?.[1] ?? '';
    expect(otp).toHaveLength(6);
    const byCode = await second.signInWithMagicLink(otp, { noRedirect: true });
    expect(byCode).toEqual({ status: 'ok', data: { isNewUser: false } });

    const reused = await makeApp().signInWithMagicLink(linkCode(mail), { noRedirect: true });
    expect(reused.status === 'error' && reused.error).toBeInstanceOf(KnownErrors.VerificationCodeAlreadyUsed);
  });

  it('updates and sets passwords, with the catalogue errors as results', async () => {
    const app = makeApp();
    const address = email();
    await app.signUpWithCredential({ email: address, password: PASSWORD, noRedirect: true, verificationCallbackUrl: CALLBACK });
    const user = await app.getUser({ or: 'throw' });
    const mismatch = await user.updatePassword({ oldPassword: 'wrong-old-password', newPassword: 'another password' });
    expect(mismatch.status === 'error' && mismatch.error.message).toBe('Passwords do not match.');
    expect(await user.updatePassword({ oldPassword: PASSWORD, newPassword: 'another password' })).toEqual({ status: 'ok', data: undefined });
    const signIn = await makeApp().signInWithCredential({ email: address, password: 'another password', noRedirect: true });
    expect(signIn.status).toBe('ok');
  });

  it('resets a forgotten password through the e-mailed code', async () => {
    const address = email();
    await makeApp().signUpWithCredential({ email: address, password: PASSWORD, noRedirect: true, verificationCallbackUrl: CALLBACK });
    const app = makeApp();
    expect((await app.sendForgotPasswordEmail(address, { callbackUrl: CALLBACK })).status).toBe('ok');
    const code = linkCode(await lastMail(address));
    expect(await app.verifyPasswordResetCode(code)).toEqual({ status: 'ok', data: undefined });
    expect(await app.resetPassword({ code, password: 'brand new password' })).toEqual({ status: 'ok', data: undefined });
    const again = await app.resetPassword({ code, password: 'brand new password' });
    expect(again.status === 'error' && again.error).toBeInstanceOf(KnownErrors.VerificationError);
    expect((await makeApp().signInWithCredential({ email: address, password: 'brand new password', noRedirect: true })).status).toBe('ok');
  });

  it('verifies the primary e-mail from the sign-up mail', async () => {
    const app = makeApp();
    const address = email();
    await app.signUpWithCredential({ email: address, password: PASSWORD, noRedirect: true, verificationCallbackUrl: CALLBACK });
    const code = linkCode(await lastMail(address));
    expect(await makeApp().verifyEmail(code)).toEqual({ status: 'ok', data: undefined });
    expect((await app.getUser({ or: 'throw' })).primaryEmailVerified).toBe(true);
    const user = await app.getUser({ or: 'throw' });
    const again = await user.sendVerificationEmail({ callbackUrl: CALLBACK });
    expect(again.status === 'error' && again.error).toBeInstanceOf(KnownErrors.EmailAlreadyVerified);
  });

  it('manages contact channels', async () => {
    const app = makeApp();
    await app.signUpWithCredential({ email: email(), password: PASSWORD, noRedirect: true, verificationCallbackUrl: CALLBACK });
    const user = await app.getUser({ or: 'throw' });
    const second = email();
    const created = await user.createContactChannel({ value: second, type: 'email', usedForAuth: false });
    expect(created).toMatchObject({ value: second, type: 'email', isVerified: false, isPrimary: false, usedForAuth: false });
    expect((await user.listContactChannels()).map((c) => c.value)).toContain(second);
    expect((await created.sendVerificationEmail({ callbackUrl: CALLBACK })).status).toBe('ok');
    await created.update({ usedForAuth: true });
    expect((await user.listContactChannels()).find((c) => c.id === created.id)?.usedForAuth).toBe(true);
    await created.delete();
    expect((await user.listContactChannels()).map((c) => c.value)).not.toContain(second);
  });

  it('reads the project', async () => {
    const project = await makeApp().getProject();
    expect(project).toMatchObject({ id: DEMO_PROJECT.id, displayName: 'Demo' });
    expect(project.config.signUpEnabled).toBe(true);
  });

  it('refuses to send e-mails without a callback URL outside a browser', async () => {
    await expect(makeApp().sendMagicLinkEmail(email())).rejects.toThrow('without a callback URL');
  });

  it('makes one call to the session host per sign-in and per sign-out, and shows the answered snapshot at once', async () => {
    const app = makeApp();
    const address = email();
    await app.signUpWithCredential({ email: address, password: PASSWORD, noRedirect: true, verificationCallbackUrl: CALLBACK });
    await app.signOut();
    const calls = vi.spyOn(InPageHost.prototype, 'call');
    try {
      // The user read that follows a session change is an API request (a page without a worker sends it through the host).
      const sessionCalls = () => calls.mock.calls.map(([method]) => method).filter((method) => method !== 'apiRequest');
      expect((await app.signInWithCredential({ email: address, password: PASSWORD, noRedirect: true })).status).toBe('ok');
      expect(sessionCalls()).toEqual(['signInWithCredential']);
      expect(app.session.getSnapshot()).toMatchObject({ status: 'signed-in', userId: expect.any(String) });

      calls.mockClear();
      await app.signOut();
      expect(sessionCalls()).toEqual(['signOut']);
      expect(app.session.getSnapshot()).toMatchObject({ status: 'signed-out', userId: null });
    } finally {
      calls.mockRestore();
    }
  });
});

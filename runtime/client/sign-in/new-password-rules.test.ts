// A new password that is too short or too long gets the backend's error (its message states the
// limit) on the client, before any request (issue 22, item 10).
import { describe, expect, it, vi } from 'vitest';
import { KnownErrors } from '../../protocol/errors/classes.ts';
import type { CurrentUserData } from '../../protocol/schemas/user.ts';
import type { ClientContext } from '../app/context.ts';
import { bindCurrentUser } from '../user/current-user.ts';
import { resetPassword } from './password-and-verification.ts';
import { signUpWithCredential } from './sign-in.ts';

function fakeContext() {
  const ctx = {
    transport: { sendJson: vi.fn(async () => ({})) },
    backend: { call: vi.fn(async () => ({ userId: 'u1', isNewUser: true })) },
    userCache: { reload: vi.fn(async () => undefined), receive: vi.fn(async () => undefined), refetch: vi.fn(async () => undefined) },
    urls: { afterSignUp: '/up', emailVerification: '/handler/email-verification' },
    currentUrl: () => new URL('http://localhost/handler/sign-up'),
    redirect: vi.fn(async () => undefined),
    sessionChanged: () => undefined,
  } as unknown as ClientContext;
  return ctx;
}

const SHORT = '1234567';
const LONG = 'x'.repeat(71);

async function errorOf(result: Promise<{ status: 'ok' } | { status: 'error'; error: Error }>) {
  const settled = await result;
  if (settled.status !== 'error') throw new Error('expected an error result');
  return settled.error;
}

describe('new passwords are checked before any request', () => {
  const user = (ctx: ClientContext) => bindCurrentUser(ctx, { id: 'u1', primaryEmail: 'a@example.com' } as CurrentUserData, async () => undefined);
  const calls: [string, (ctx: ClientContext, password: string) => Promise<{ status: 'ok' } | { status: 'error'; error: Error }>][] = [
    ['signUpWithCredential', (ctx, password) => signUpWithCredential(ctx, { email: 'a@example.com', password })],
    ['resetPassword', (ctx, password) => resetPassword(ctx, { code: 'c', password })],
    ['user.updatePassword', (ctx, password) => user(ctx).updatePassword({ oldPassword: 'old-password', newPassword: password })],
    ['user.setPassword', (ctx, password) => user(ctx).setPassword({ password })],
  ];

  it.each(calls)('%s: too short and too long are the backend\'s errors, nothing is sent', async (_name, call) => {
    const ctx = fakeContext();
    const short = await errorOf(call(ctx, SHORT));
    expect(short).toBeInstanceOf(KnownErrors.PasswordTooShort);
    expect(short.message).toBe('Password too short. Minimum length is 8.');
    const long = await errorOf(call(ctx, LONG));
    expect(long).toBeInstanceOf(KnownErrors.PasswordTooLong);
    expect(long.message).toBe('Password too long. Maximum length is 70.');
    expect(ctx.transport.sendJson).not.toHaveBeenCalled();
    expect(ctx.backend.call).not.toHaveBeenCalled();
  });

  it.each(calls)('%s: a password of 8 or 70 characters is sent', async (_name, call) => {
    for (const password of ['12345678', 'x'.repeat(70)]) {
      const ctx = fakeContext();
      expect((await call(ctx, password)).status).toBe('ok');
      expect(vi.mocked(ctx.transport.sendJson).mock.calls.length + vi.mocked(ctx.backend.call).mock.calls.length).toBeGreaterThan(0);
    }
  });
});

import { requireCallbackUrl } from '../flows/handler-urls.ts';
import { KnownErrors, type KnownError } from '../protocol/known-error-classes.ts';
import type { ClientContext } from './context.ts';
import type { Result } from '../protocol/result.ts';
import { asResult } from './sign-in.ts';

// Flows that start from an e-mail link. The official SDK sends them without the user's tokens.

export async function sendForgotPasswordEmail(ctx: ClientContext, email: string, options: { callbackUrl?: string } = {}): Promise<Result<undefined, KnownError>> {
  const callbackUrl = requireCallbackUrl('send forgot password email', options.callbackUrl, ctx.urls.passwordReset, ctx.currentUrl());
  return asResult(async () => {
    await ctx.transport.sendJson({ path: '/auth/password/send-reset-code', method: 'POST', json: { email, callback_url: callbackUrl }, withSession: false });
    return undefined;
  }, [KnownErrors.UserNotFound]);
}

export async function verifyPasswordResetCode(ctx: ClientContext, code: string): Promise<Result<undefined, KnownError>> {
  return asResult(async () => {
    await ctx.transport.sendJson({ path: '/auth/password/reset/check-code', method: 'POST', json: { code }, withSession: false });
    return undefined;
  }, [KnownErrors.VerificationError]);
}

export async function resetPassword(ctx: ClientContext, options: { code: string; password: string }): Promise<Result<undefined, KnownError>> {
  return asResult(async () => {
    await ctx.transport.sendJson({ path: '/auth/password/reset', method: 'POST', json: { code: options.code, password: options.password }, withSession: false });
    return undefined;
  }, [KnownErrors.VerificationError, KnownErrors.PasswordRequirementsNotMet]);
}

export async function verifyEmail(ctx: ClientContext, code: string): Promise<Result<undefined, KnownError>> {
  const result = await asResult(async () => {
    await ctx.transport.sendJson({ path: '/contact-channels/verify', method: 'POST', json: { code }, withSession: false });
    return undefined;
  }, [KnownErrors.VerificationError]);
  // The user's verification state changed: the cached user is stale.
  if (result.status === 'ok') await ctx.userCache.reload();
  return result;
}

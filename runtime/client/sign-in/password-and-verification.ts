import { requireCallbackUrl } from '../../flows/callback-urls.ts';
import type { KnownError } from '../../protocol/errors/base.ts';
import type { ClientContext } from '../app/context.ts';
import { changed, readKey } from '../reads/read-keys.ts';
import { err, type Result } from '../../protocol/result.ts';
import { asResult } from '../app/as-result.ts';
import { newPasswordError } from './sign-in.ts';
import * as api from '../../protocol/contract/api.generated.ts';
import { apiCall } from '../backend/api-call.ts';

// Flows that start from an e-mail link. The official SDK sends them without the user's tokens.

export async function sendForgotPasswordEmail(ctx: ClientContext, email: string, options: { callbackUrl?: string } = {}): Promise<Result<undefined, KnownError>> {
  const callbackUrl = requireCallbackUrl('send forgot password email', options.callbackUrl, ctx.urls.passwordReset, ctx.currentUrl());
  return asResult(async () => {
    await ctx.transport.sendJson(apiCall(api.passwordSendResetCode, { json: { email, callback_url: callbackUrl }, withSession: false }));
    return undefined;
  }, ['USER_NOT_FOUND']);
}

export async function verifyPasswordResetCode(ctx: ClientContext, code: string): Promise<Result<undefined, KnownError>> {
  return asResult(async () => {
    await ctx.transport.sendJson(apiCall(api.passwordResetCheckCode, { json: { code }, withSession: false }));
    return undefined;
  }, ['VERIFICATION_ERROR']);
}

export async function resetPassword(ctx: ClientContext, options: { code: string; password: string }): Promise<Result<undefined, KnownError>> {
  const tooShortOrLong = await newPasswordError(options.password);
  if (tooShortOrLong) return err(tooShortOrLong);
  return asResult(async () => {
    await ctx.transport.sendJson(apiCall(api.passwordReset, { json: { code: options.code, password: options.password }, withSession: false }));
    return undefined;
  }, ['VERIFICATION_ERROR', 'PASSWORD_REQUIREMENTS_NOT_MET']);
}

export async function verifyEmail(ctx: ClientContext, code: string): Promise<Result<undefined, KnownError>> {
  const result = await asResult(async () => {
    await ctx.transport.sendJson(apiCall(api.contactChannelsVerify, { json: { code }, withSession: false }));
    return undefined;
  }, ['VERIFICATION_ERROR']);
  // A channel (the code names which) is now verified: the channels and the user's primary e-mail state are stale.
  if (result.status === 'ok') await changed(ctx, [readKey('contact-channels'), readKey('user')]);
  return result;
}

import type { SignInResultData } from '../../bridge/messages.ts';
import { requireCallbackUrl } from '../../flows/callback-urls.ts';
import { isPasswordLengthAllowed } from '../../flows/password-limits.ts';
import type { KnownError } from '../../protocol/errors/base.ts';
import { asResult } from '../app/as-result.ts';
import type { ClientContext } from '../app/context.ts';
import { err, ok, type Result } from '../../protocol/result.ts';

/**
 * Runs a sign-in in the backend; a MULTI_FACTOR_AUTHENTICATION_REQUIRED answer prompts for the
 * TOTP code and continues with the attempt code.
 */
export async function withMfa(ctx: ClientContext, signIn: () => Promise<SignInResultData>): Promise<SignInResultData> {
  try {
    return await signIn();
  } catch (error) {
    // The MFA rules (and the error catalogue they use) load only when a sign-in fails.
    const { mfaAttemptCode, TOTP_PROMPT_TEXT, totpFromEntry } = await import('../../flows/mfa.ts');
    const attemptCode = mfaAttemptCode(error);
    if (attemptCode === null) throw error;
    const entry = ctx.promptTotp ? await ctx.promptTotp() : typeof prompt === 'function' ? prompt(TOTP_PROMPT_TEXT) : null;
    const totp = totpFromEntry(entry);
    return ctx.backend.call('signInWithMfa', { attemptCode, totp });
  }
}

/**
 * A new password outside the backend's length limits is refused here, before any request, with the
 * error the backend would give (its message states the limit); null when the length is fine.
 */
export async function newPasswordError(password: string): Promise<KnownError | null> {
  if (isPasswordLengthAllowed(password)) return null;
  return (await import('../../flows/password-rules.ts')).passwordRequirementError(password);
}

export async function signInWithCredential(
  ctx: ClientContext,
  options: { email: string; password: string; noRedirect?: boolean },
): Promise<Result<undefined, KnownError>> {
  const result = await asResult(
    () => withMfa(ctx, () => ctx.backend.call('signInWithCredential', { email: options.email, password: options.password })),
    ['EMAIL_PASSWORD_MISMATCH', 'INVALID_TOTP_CODE'],
  );
  if (result.status === 'error') return result;
  ctx.sessionChanged(result.data);
  if (!options.noRedirect) await ctx.redirect(afterSignIn(ctx), { replace: true });
  return ok(undefined);
}

export async function signUpWithCredential(
  ctx: ClientContext,
  options: { email: string; password: string; noRedirect?: boolean; verificationCallbackUrl?: string; noVerificationCallback?: boolean },
): Promise<Result<undefined, KnownError>> {
  if (options.noVerificationCallback && options.verificationCallbackUrl) {
    throw new TypeError('authworker: signUpWithCredential takes noVerificationCallback or verificationCallbackUrl, not both.');
  }
  const tooShortOrLong = await newPasswordError(options.password);
  if (tooShortOrLong) return err(tooShortOrLong);
  const current = ctx.currentUrl();
  // No URL: the backend sends no verification e-mail link (the SDK's noVerificationCallback).
  const verificationCallbackUrl = options.noVerificationCallback
    ? undefined
    : (options.verificationCallbackUrl ?? (current ? new URL(ctx.urls.emailVerification, current).href : undefined));
  const result = await asResult(
    () => ctx.backend.call('signUpWithCredential', { email: options.email, password: options.password, verificationCallbackUrl }),
    ['USER_EMAIL_ALREADY_EXISTS', 'PASSWORD_REQUIREMENTS_NOT_MET'],
  );
  if (result.status === 'error') return result;
  ctx.sessionChanged(result.data);
  if (!options.noRedirect) await ctx.redirect(afterSignUp(ctx), { replace: true });
  return ok(undefined);
}

export async function sendMagicLinkEmail(
  ctx: ClientContext,
  email: string,
  options: { callbackUrl?: string } = {},
): Promise<Result<{ nonce: string }, KnownError>> {
  const callbackUrl = requireCallbackUrl('send magic link email', options.callbackUrl, ctx.urls.magicLinkCallback, ctx.currentUrl());
  return asResult(() => ctx.backend.call('sendMagicLinkEmail', { email, callbackUrl }), ['REDIRECT_URL_NOT_WHITELISTED']);
}

/** Signs in with the code of a magic link, or the 6-character code from the e-mail (any tab of this browser). */
export async function signInWithMagicLink(
  ctx: ClientContext,
  code: string,
  options: { noRedirect?: boolean } = {},
): Promise<Result<{ isNewUser: boolean }, KnownError>> {
  const result = await asResult(
    () => withMfa(ctx, () => ctx.backend.call('signInWithMagicLink', { code })),
    ['VERIFICATION_ERROR', 'INVALID_TOTP_CODE'],
  );
  if (result.status === 'error') return result;
  ctx.sessionChanged(result.data);
  if (!options.noRedirect) await ctx.redirect(result.data.isNewUser ? afterSignUp(ctx) : afterSignIn(ctx), { replace: true });
  return ok({ isNewUser: result.data.isNewUser });
}

/**
 * The SDK's `signInWithMfa(totp, code)`: finishes a sign-in that answered MULTI_FACTOR_AUTHENTICATION_REQUIRED, with
 * the TOTP and that error's `details.attempt_code` (our sign-ins ask for the TOTP themselves, see `withMfa`).
 */
export async function signInWithMfa(
  ctx: ClientContext,
  totp: string,
  attemptCode: string,
  options: { noRedirect?: boolean } = {},
): Promise<Result<undefined, KnownError>> {
  const result = await asResult(async () => {
    // An empty code is INVALID_TOTP_CODE, as the backend would answer.
    const { totpFromEntry } = await import('../../flows/mfa.ts');
    return ctx.backend.call('signInWithMfa', { attemptCode, totp: totpFromEntry(totp) });
  }, ['VERIFICATION_ERROR', 'INVALID_TOTP_CODE']);
  if (result.status === 'error') return result;
  ctx.sessionChanged(result.data);
  if (!options.noRedirect) await ctx.redirect(result.data.isNewUser ? afterSignUp(ctx) : afterSignIn(ctx), { replace: true });
  return ok(undefined);
}

function afterSignIn(ctx: ClientContext): string {
  return returnTo(ctx) ?? ctx.urls.afterSignIn;
}

function afterSignUp(ctx: ClientContext): string {
  return returnTo(ctx) ?? ctx.urls.afterSignUp;
}

function returnTo(ctx: ClientContext): string | null {
  return ctx.currentUrl()?.searchParams.get('after_auth_return_to') || null;
}


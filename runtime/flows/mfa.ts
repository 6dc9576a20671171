// MFA continuation: attempt code from the error, TOTP entry rules (the worker sends the body).
import { createKnownError, isKnownErrorOf, KnownError } from '../protocol/errors/classes.ts';
import { INVALID_TOTP_CODE_TEXT } from '../protocol/errors/table.ts';

export const TOTP_PROMPT_TEXT = 'Please enter the six-digit TOTP code from your authenticator app.';
export const OAUTH_INVALID_TOTP_ALERT = 'Invalid TOTP code. Please try signing in again.';

/** The attempt code of a MULTI_FACTOR_AUTHENTICATION_REQUIRED error, else null. */
export function mfaAttemptCode(err: unknown): string | null {
  if (!(err instanceof KnownError) || !isKnownErrorOf(err, 'MULTI_FACTOR_AUTHENTICATION_REQUIRED')) return null;
  const code = err.details?.['attempt_code'];
  return typeof code === 'string' && code !== '' ? code : null;
}

/** A prompt answer as a TOTP; an empty (or cancelled) entry is INVALID_TOTP_CODE, as in the SDK. */
export function totpFromEntry(entry: string | null | undefined): string {
  const totp = (entry ?? '').replace(/\s+/g, '');
  if (totp === '') throw createKnownError('INVALID_TOTP_CODE', undefined, INVALID_TOTP_CODE_TEXT);
  return totp;
}

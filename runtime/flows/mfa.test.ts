import { expect, test } from 'vitest';
import { createKnownError, KnownErrors } from '../protocol/errors/index.ts';
import { mfaAttemptCode, totpFromEntry } from './mfa.ts';

test('attempt code comes from MULTI_FACTOR_AUTHENTICATION_REQUIRED details', () => {
  expect(mfaAttemptCode(createKnownError('MULTI_FACTOR_AUTHENTICATION_REQUIRED', { attempt_code: 'a'.repeat(45) }))).toBe('a'.repeat(45));
  expect(mfaAttemptCode(createKnownError('MULTI_FACTOR_AUTHENTICATION_REQUIRED'))).toBeNull();
  expect(mfaAttemptCode(createKnownError('EMAIL_PASSWORD_MISMATCH'))).toBeNull();
  expect(mfaAttemptCode(new Error('x'))).toBeNull();
});

test('an empty TOTP entry is INVALID_TOTP_CODE', () => {
  for (const entry of ['', '   ', null, undefined]) expect(() => totpFromEntry(entry)).toThrow(KnownErrors.InvalidTotpCode);
  expect(totpFromEntry(' 123 456 ')).toBe('123456');
});

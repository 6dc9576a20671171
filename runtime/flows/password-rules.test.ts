import { expect, test } from 'vitest';
import { KnownErrors } from '../protocol/errors/index.ts';
import { passwordConfirmationError, passwordRequirementError } from './password-rules.ts';

test('too short / too long / fine', () => {
  const short = passwordRequirementError('1234567');
  expect(short).toBeInstanceOf(KnownErrors.PasswordTooShort);
  expect(short).toBeInstanceOf(KnownErrors.PasswordRequirementsNotMet);
  expect(short?.message).toBe('Password too short. Minimum length is 8.');
  const long = passwordRequirementError('x'.repeat(71));
  expect(long).toBeInstanceOf(KnownErrors.PasswordTooLong);
  expect(long?.message).toBe('Password too long. Maximum length is 70.');
  expect(long?.details).toEqual({ maxLength: 70 });
  expect(passwordRequirementError('12345678')).toBeNull();
  expect(passwordRequirementError('x'.repeat(70))).toBeNull();
});

test('"Passwords do not match."', () => {
  const err = passwordConfirmationError('password1', 'password2');
  expect(err).toBeInstanceOf(KnownErrors.PasswordConfirmationMismatch);
  expect(err?.message).toBe('Passwords do not match.');
  expect(passwordConfirmationError('same-one', 'same-one')).toBeNull();
});

import { describe, expect, it, test } from 'vitest';
import { createKnownError, KnownErrors } from './known-error-classes.ts';

test('without the catalogue texts an error created without a text reads as its code; errors.ts installs the texts', async () => {
  expect(createKnownError('PASSWORD_CONFIRMATION_MISMATCH').message).toBe('PASSWORD_CONFIRMATION_MISMATCH');
  expect(createKnownError('PASSWORD_CONFIRMATION_MISMATCH', undefined, 'from the server').message).toBe('from the server');
  await import('./errors.ts');
  expect(createKnownError('PASSWORD_CONFIRMATION_MISMATCH').message).toBe('Passwords do not match.');
  expect(new KnownErrors.PasswordConfirmationMismatch()).toBeInstanceOf(KnownErrors.PasswordConfirmationMismatch);
});

describe('the session families as plain lists', () => {
  it('equal the catalogue families they stand for (the worker checks them without the catalogue)', async () => {
    const { ERROR_CODE_FAMILIES } = await import('./known-error-classes.ts');
    const { INVALID_ACCESS_TOKEN_CODES, REFRESH_TOKEN_ERROR_CODES } = await import('./known-error-families.ts');
    expect([...INVALID_ACCESS_TOKEN_CODES].sort()).toEqual([...ERROR_CODE_FAMILIES.membersOf('INVALID_ACCESS_TOKEN')].sort());
    expect([...REFRESH_TOKEN_ERROR_CODES].sort()).toEqual([...ERROR_CODE_FAMILIES.membersOf('REFRESH_TOKEN_ERROR')].sort());
  });
});

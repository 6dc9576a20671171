import { expect, test } from 'vitest';
import { createKnownError, KnownErrors } from './classes.ts';

test('without the catalogue texts an error created without a text reads as its code; errors.ts installs the texts', async () => {
  expect(createKnownError('PASSWORD_CONFIRMATION_MISMATCH').message).toBe('PASSWORD_CONFIRMATION_MISMATCH');
  expect(createKnownError('PASSWORD_CONFIRMATION_MISMATCH', undefined, 'from the server').message).toBe('from the server');
  await import('./index.ts');
  expect(createKnownError('PASSWORD_CONFIRMATION_MISMATCH').message).toBe('Passwords do not match.');
  expect(new KnownErrors.PasswordConfirmationMismatch()).toBeInstanceOf(KnownErrors.PasswordConfirmationMismatch);
});

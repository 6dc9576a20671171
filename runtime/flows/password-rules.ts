// Client-side password checks with the backend's limits and texts.
import { createKnownError, type KnownError } from '../protocol/errors/index.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-limits.ts';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/** PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG as the backend would answer, or null when acceptable. */
export function passwordRequirementError(password: string): KnownError | null {
  if (password.length < PASSWORD_MIN_LENGTH) return createKnownError('PASSWORD_TOO_SHORT', { min_length: PASSWORD_MIN_LENGTH });
  if (password.length > PASSWORD_MAX_LENGTH) return createKnownError('PASSWORD_TOO_LONG', { maxLength: PASSWORD_MAX_LENGTH });
  return null;
}

/** PASSWORD_CONFIRMATION_MISMATCH ("Passwords do not match.") when the repeat differs. */
export function passwordConfirmationError(password: string, repeat: string): KnownError | null {
  return password === repeat ? null : createKnownError('PASSWORD_CONFIRMATION_MISMATCH');
}

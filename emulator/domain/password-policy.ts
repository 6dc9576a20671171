// The password rules of every path that sets one (sign-up, reset, update, server create): the backend's lengths.
import { KnownError } from '../core/known-errors.ts';

const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 70;

export function checkPasswordRequirements(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw new KnownError('PASSWORD_TOO_SHORT', { min_length: PASSWORD_MIN_LENGTH });
}

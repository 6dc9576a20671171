// The backend's password length limits, without the error catalogue: the client checks
// new passwords against them before any request and loads the errors (password-rules.ts) only on a failure.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 70;

/** `.length` (UTF-16 units) is what the backend's yup max and handler min both measure. */
export function isPasswordLengthAllowed(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;
}

/** Endpoints that mint tokens: only the session host itself may call them, never a page. */
const TOKEN_MINTING = new Set([
  'POST /auth/oauth/token',
  'POST /auth/password/sign-in',
  'POST /auth/password/sign-up',
  'POST /auth/otp/sign-in',
  'POST /auth/mfa/sign-in',
  'POST /auth/passkey/sign-in',
  'POST /auth/sessions',
  'POST /auth/sessions/current/refresh',
  'POST /auth/anonymous/sign-up',
]);

/** `path` is under /api/v1 and may carry a query; trailing slashes do not change the endpoint. */
export function isTokenMinting(method: string, path: string): boolean {
  const bare = (path.split('?')[0] ?? '').replace(/\/+$/, '') || '/';
  return TOKEN_MINTING.has(`${method.toUpperCase()} ${bare}`);
}

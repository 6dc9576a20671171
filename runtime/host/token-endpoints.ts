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

// Connected accounts' provider tokens (protocol.md §7.5): the app asked for them, and they are not session
// tokens, so their `access_token` reaches the page. Plain segments only: no dot segment or escape can make
// the URL resolve to another endpoint.
const PROVIDER_TOKEN_PATHS = [/^\/connected-accounts\/[\w-]+\/[\w-]+\/access-token$/, /^\/auth\/oauth\/connected-accounts\/[\w-]+\/access-token$/];

/** True for the endpoints whose answer is a provider's access token for the signed-in user. */
export function returnsProviderToken(method: string, path: string): boolean {
  const bare = (path.split('?')[0] ?? '').replace(/\/+$/, '');
  return method.toUpperCase() === 'POST' && PROVIDER_TOKEN_PATHS.some((pattern) => pattern.test(bare));
}

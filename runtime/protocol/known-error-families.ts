// The two error families the session core reacts to, as plain code lists: the worker and the page-hosted
// session check them without loading the catalogue (a test keeps them equal to the catalogue's families).

/** INVALID_ACCESS_TOKEN and its children: the access token is refreshed and the request sent again. */
export const INVALID_ACCESS_TOKEN_CODES: readonly string[] = [
  'INVALID_ACCESS_TOKEN',
  'UNPARSABLE_ACCESS_TOKEN',
  'ACCESS_TOKEN_EXPIRED',
  'INVALID_PROJECT_FOR_ACCESS_TOKEN',
];

/** REFRESH_TOKEN_ERROR and its children: the refresh token is dead and the session ends. */
export const REFRESH_TOKEN_ERROR_CODES: readonly string[] = [
  'REFRESH_TOKEN_ERROR',
  'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED',
  'PROVIDER_REJECTED',
  'CANNOT_DELETE_CURRENT_SESSION',
];

/** UNPARSABLE_ACCESS_TOKEN, ACCESS_TOKEN_EXPIRED, INVALID_PROJECT_FOR_ACCESS_TOKEN (and the category). */
export function isInvalidAccessTokenCode(code: string): boolean {
  return INVALID_ACCESS_TOKEN_CODES.includes(code);
}

/** REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED, PROVIDER_REJECTED, CANNOT_DELETE_CURRENT_SESSION (and the category). */
export function isRefreshTokenErrorCode(code: string): boolean {
  return REFRESH_TOKEN_ERROR_CODES.includes(code);
}

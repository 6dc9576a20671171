// The two error families the session core reacts to: the worker and the page-hosted session check them with the
// code lists generated from the catalogue (contract/errors.generated.ts), without loading the catalogue.

import { INVALID_ACCESS_TOKEN_CODES, REFRESH_TOKEN_ERROR_CODES } from '../contract/errors.generated.ts';

/** UNPARSABLE_ACCESS_TOKEN, ACCESS_TOKEN_EXPIRED, INVALID_PROJECT_FOR_ACCESS_TOKEN (and the category). */
export function isInvalidAccessTokenCode(code: string): boolean {
  return INVALID_ACCESS_TOKEN_CODES.includes(code);
}

/** REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED, PROVIDER_REJECTED, CANNOT_DELETE_CURRENT_SESSION (and the category). */
export function isRefreshTokenErrorCode(code: string): boolean {
  return REFRESH_TOKEN_ERROR_CODES.includes(code);
}

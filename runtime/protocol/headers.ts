// Wire header names and request constants of the Stack `/api/v1` protocol. Imports nothing.

/** The header that names a response's known error. */
export const STACK_KNOWN_ERROR_HEADER = 'x-stack-known-error';
// The 2.8 service sends both names; like the 2.8 client, the hexclave one wins.
export const HEXCLAVE_KNOWN_ERROR_HEADER = 'x-hexclave-known-error';

export const HEADER = {
  overrideErrorStatus: 'x-stack-override-error-status',
  projectId: 'x-stack-project-id',
  accessType: 'x-stack-access-type',
  clientVersion: 'x-stack-client-version',
  accessToken: 'x-stack-access-token',
  refreshToken: 'x-stack-refresh-token',
  publishableClientKey: 'x-stack-publishable-client-key',
  secretServerKey: 'x-stack-secret-server-key',
  superSecretAdminKey: 'x-stack-super-secret-admin-key',
  adminAccessToken: 'x-stack-admin-access-token',
  randomNonce: 'x-stack-random-nonce',
  knownError: STACK_KNOWN_ERROR_HEADER,
  actualStatus: 'x-stack-actual-status',
  requestId: 'x-stack-request-id',
  auth: 'x-stack-auth',
} as const;


export type HeaderName = (typeof HEADER)[keyof typeof HEADER];

export const ACCESS_TYPES = ['client', 'server', 'admin'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

export function isAccessType(value: unknown): value is AccessType {
  return typeof value === 'string' && (ACCESS_TYPES as readonly string[]).includes(value);
}

export { CLIENT_VERSION } from './contract/version.generated.ts';

/** Crockford base32, lowercase: 0-9a-z without i, l, o, u (32 symbols). */
export const CROCKFORD_BASE32_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export const SECURE_RANDOM_LENGTH = 45;

/** 45 lowercase Crockford-base32 chars (225 bits), as used for nonces, refresh tokens and codes. */
export function generateSecureRandomString(length: number = SECURE_RANDOM_LENGTH): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let out = '';
  // 256 is a multiple of 32, so masking keeps every symbol equally likely.
  for (const byte of bytes) out += CROCKFORD_BASE32_ALPHABET[byte & 31];
  return out;
}

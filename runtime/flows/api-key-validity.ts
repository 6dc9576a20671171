// API key validity (the SDK's `whyInvalid`): expiry wins over revocation.

export type ApiKeyInvalidReason = 'expired' | 'manually-revoked';

export interface ApiKeyValidityInput {
  expiresAt: Date;
  manuallyRevokedAt: Date | null;
}

export function whyApiKeyInvalid(key: ApiKeyValidityInput, now: Date = new Date()): ApiKeyInvalidReason | null {
  if (key.expiresAt.getTime() < now.getTime()) return 'expired';
  if (key.manuallyRevokedAt !== null) return 'manually-revoked';
  return null;
}

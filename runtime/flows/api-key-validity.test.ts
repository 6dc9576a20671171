import { expect, test } from 'vitest';
import { whyApiKeyInvalid } from './api-key-validity.ts';

const now = new Date('2026-01-01T00:00:00Z');
const later = new Date('2027-01-01T00:00:00Z');
const earlier = new Date('2025-01-01T00:00:00Z');

test('valid / expired / manually revoked', () => {
  expect(whyApiKeyInvalid({ expiresAt: later, manuallyRevokedAt: null }, now)).toBeNull();
  expect(whyApiKeyInvalid({ expiresAt: earlier, manuallyRevokedAt: null }, now)).toBe('expired');
  expect(whyApiKeyInvalid({ expiresAt: later, manuallyRevokedAt: earlier }, now)).toBe('manually-revoked');
});

test('expiry is reported before revocation; expiry exactly now is still valid', () => {
  expect(whyApiKeyInvalid({ expiresAt: earlier, manuallyRevokedAt: earlier }, now)).toBe('expired');
  expect(whyApiKeyInvalid({ expiresAt: now, manuallyRevokedAt: null }, now)).toBeNull();
});

import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../protocol/endpoints.ts';
import { KnownErrors } from '../protocol/errors/index.ts';
import { createApiKey, getApiKey, listApiKeys } from './api-keys.ts';
import { adminTestContext, expectAdminHeaders, expectBodyAccepted, expectCall } from '../../testing/runtime/admin.ts';

const FUTURE = Date.now() + 86_400_000;
const keyWire = {
  id: 'k-1',
  description: 'CI',
  expires_at_millis: FUTURE,
  created_at_millis: 1_700_000_000_000,
  secret_server_key: { last_four: 'abcd' },
};

describe('API keys', () => {
  it('creates with every flag and shows the full keys once', async () => {
    const created = { ...keyWire, publishable_client_key: 'pck_full', secret_server_key: 'ssk_full' };
    const { ctx, calls } = adminTestContext(created);
    const key = await createApiKey(ctx, {
      description: 'CI',
      expiresAt: new Date(FUTURE),
      hasPublishableClientKey: true,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: false,
    });
    expectCall(calls[0], 'POST', '/internal/api-keys', {
      description: 'CI',
      expires_at_millis: FUTURE,
      has_publishable_client_key: true,
      has_secret_server_key: true,
      has_super_secret_admin_key: false,
    });
    expectAdminHeaders(calls[0]);
    expectBodyAccepted(ENDPOINTS.apiKeysCreate, 'admin', calls[0]);
    expect(key).toMatchObject({ publishableClientKey: 'pck_full', secretServerKey: 'ssk_full', superSecretAdminKey: null, expiresAt: new Date(FUTURE) });
    expect(key.whyInvalid()).toBeNull();
    expect(key.isValid()).toBe(true);
  });

  it('lists and gets keys with only the last four characters', async () => {
    const { ctx, calls } = adminTestContext({ items: [keyWire], is_paginated: false }, keyWire);
    const [listed] = await listApiKeys(ctx);
    const got = await getApiKey(ctx, 'k-1');
    expectCall(calls[0], 'GET', '/internal/api-keys');
    expectCall(calls[1], 'GET', '/internal/api-keys/k-1');
    expect(listed).toMatchObject({ id: 'k-1', secretServerKey: { lastFour: 'abcd' }, publishableClientKey: null, manuallyRevokedAt: null });
    expect(got.createdAt).toEqual(new Date(1_700_000_000_000));
  });

  it('revokes with PATCH {revoked:true} and reports why a key is invalid', async () => {
    const revokedAt = Date.now() - 1000;
    const { ctx, calls } = adminTestContext(keyWire, { ...keyWire, manually_revoked_at_millis: revokedAt });
    const key = await getApiKey(ctx, 'k-1');
    const revoked = await key.revoke();
    expectCall(calls[1], 'PATCH', '/internal/api-keys/k-1', { revoked: true });
    expectBodyAccepted(ENDPOINTS.apiKeysUpdate, 'admin', calls[1]);
    expect(revoked.manuallyRevokedAt).toEqual(new Date(revokedAt));
    expect(revoked.whyInvalid()).toBe('manually-revoked');
    expect(revoked.isValid()).toBe(false);
  });

  it('expiry wins over revocation', async () => {
    const { ctx } = adminTestContext({ ...keyWire, expires_at_millis: 1000, manually_revoked_at_millis: 500 });
    expect((await getApiKey(ctx, 'k-1')).whyInvalid()).toBe('expired');
  });

  it('an unknown key rejects with API_KEY_NOT_FOUND', async () => {
    const { ctx } = adminTestContext({ knownError: 'API_KEY_NOT_FOUND' });
    await expect(getApiKey(ctx, 'nope')).rejects.toBeInstanceOf(KnownErrors.ApiKeyNotFound);
  });
});

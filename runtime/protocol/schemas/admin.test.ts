import { expect, test } from 'vitest';
import {
  apiKeyCreateResponseSchema,
  apiKeySchema,
  emailTemplateSchema,
  metricsSchema,
  permissionDefinitionSchema,
  svixTokenSchema,
  toApiKey,
  toApiKeyCreateWire,
  toApiKeyFirstView,
  toEmailTemplate,
  toPermissionDefinition,
  toPermissionDefinitionWire,
} from './admin.ts';

test('permission definition: description omitted when empty', () => {
  expect(toPermissionDefinition(permissionDefinitionSchema.parse({ id: 'member', contained_permission_ids: ['$invite_members', '$read_members'] }))).toEqual({
    id: 'member',
    description: undefined,
    containedPermissionIds: ['$invite_members', '$read_members'],
  });
  expect(toPermissionDefinitionWire({ id: 'x', containedPermissionIds: [] })).toEqual({ id: 'x', contained_permission_ids: [] });
});

test('api key read form and first view', () => {
  const read = toApiKey(
    apiKeySchema.parse({ id: 'k', description: 'd', expires_at_millis: 2000, created_at_millis: 1000, secret_server_key: { last_four: 'abcd' } }),
  );
  expect(read).toEqual({
    id: 'k',
    description: 'd',
    expiresAt: new Date(2000),
    manuallyRevokedAt: null,
    createdAt: new Date(1000),
    publishableClientKey: null,
    secretServerKey: { lastFour: 'abcd' },
    superSecretAdminKey: null,
  });
  const created = toApiKeyFirstView(
    apiKeyCreateResponseSchema.parse({ id: 'k', description: 'd', expires_at_millis: 2000, created_at_millis: 1000, publishable_client_key: 'pck_x' }),
  );
  expect(created.publishableClientKey).toBe('pck_x');
  expect(created.secretServerKey).toBeNull();
  expect(apiKeySchema.safeParse({ id: 'k', description: 'd', expires_at_millis: 2, created_at_millis: 1, publishable_client_key: 'pck_x' }).success).toBe(false);
});

test('api key create body', () => {
  expect(
    toApiKeyCreateWire({ description: 'd', expiresAt: new Date(5), hasPublishableClientKey: true, hasSecretServerKey: false, hasSuperSecretAdminKey: false }),
  ).toEqual({ description: 'd', expires_at_millis: 5, has_publishable_client_key: true, has_secret_server_key: false, has_super_secret_admin_key: false });
});

test('email template, svix token, metrics', () => {
  expect(toEmailTemplate(emailTemplateSchema.parse({ type: 'magic_link', subject: 'Sign in', content: { type: 'doc' }, is_default: true }))).toEqual({
    type: 'magic_link',
    subject: 'Sign in',
    content: { type: 'doc' },
    isDefault: true,
  });
  expect(svixTokenSchema.parse({ token: 't', extra: 1 })).toEqual({ token: 't' });
  expect(
    metricsSchema.safeParse({
      total_users: 1,
      daily_users: [{ date: '2025-01-01', activity: 1 }],
      daily_active_users: [],
      users_by_country: { DE: 1 },
      recently_registered: [],
      recently_active: [],
      login_methods: [{ method: 'password', count: 1 }],
    }).success,
  ).toBe(true);
});

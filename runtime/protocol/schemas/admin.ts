// Admin entities: permission definitions, API keys, e-mail templates, svix and metrics.
import * as z from 'zod/mini';
import { dropUndefined, millisSchema, millisToDate } from './common.ts';
import { serverUserSchema } from './user.ts';

export const SYSTEM_TEAM_PERMISSIONS = ['$update_team', '$delete_team', '$read_members', '$remove_members', '$invite_members'] as const;

export const permissionDefinitionSchema = z.object({
  id: z.string(),
  // Omitted by the backend when empty.
  description: z.optional(z.string()),
  contained_permission_ids: z._default(z.array(z.string()), []),
});
export type PermissionDefinitionWire = z.output<typeof permissionDefinitionSchema>;

export interface PermissionDefinitionData {
  id: string;
  description: string | undefined;
  containedPermissionIds: string[];
}

export function toPermissionDefinition(wire: PermissionDefinitionWire): PermissionDefinitionData {
  return { id: wire.id, description: wire.description, containedPermissionIds: wire.contained_permission_ids };
}

export function toPermissionDefinitionWire(def: Partial<PermissionDefinitionData>): Record<string, unknown> {
  return dropUndefined({ id: def.id, description: def.description, contained_permission_ids: def.containedPermissionIds });
}

const lastFourSchema = z.object({ last_four: z.string() });

/** List/read/update form: secrets only as `{last_four}`. */
export const apiKeySchema = z.object({
  id: z.string(),
  description: z.string(),
  expires_at_millis: millisSchema,
  manually_revoked_at_millis: z.optional(millisSchema),
  created_at_millis: millisSchema,
  publishable_client_key: z.optional(lastFourSchema),
  secret_server_key: z.optional(lastFourSchema),
  super_secret_admin_key: z.optional(lastFourSchema),
});
export type ApiKeyWire = z.output<typeof apiKeySchema>;

/** Create response: the three keys as full strings, each omitted when not requested. */
export const apiKeyCreateResponseSchema = z.extend(apiKeySchema, {
  publishable_client_key: z.optional(z.string()),
  secret_server_key: z.optional(z.string()),
  super_secret_admin_key: z.optional(z.string()),
});
export type ApiKeyCreateResponseWire = z.output<typeof apiKeyCreateResponseSchema>;

export interface ApiKeyData {
  id: string;
  description: string;
  expiresAt: Date;
  manuallyRevokedAt: Date | null;
  createdAt: Date;
  publishableClientKey: { lastFour: string } | null;
  secretServerKey: { lastFour: string } | null;
  superSecretAdminKey: { lastFour: string } | null;
}

export interface ApiKeyFirstViewData extends Omit<ApiKeyData, 'publishableClientKey' | 'secretServerKey' | 'superSecretAdminKey'> {
  publishableClientKey: string | null;
  secretServerKey: string | null;
  superSecretAdminKey: string | null;
}

const lastFour = (k: { last_four: string } | undefined) => (k === undefined ? null : { lastFour: k.last_four });

function toApiKeyBase(wire: ApiKeyWire | ApiKeyCreateResponseWire) {
  return {
    id: wire.id,
    description: wire.description,
    expiresAt: millisToDate(wire.expires_at_millis),
    manuallyRevokedAt: wire.manually_revoked_at_millis === undefined ? null : millisToDate(wire.manually_revoked_at_millis),
    createdAt: millisToDate(wire.created_at_millis),
  };
}

export function toApiKey(wire: ApiKeyWire): ApiKeyData {
  return {
    ...toApiKeyBase(wire),
    publishableClientKey: lastFour(wire.publishable_client_key),
    secretServerKey: lastFour(wire.secret_server_key),
    superSecretAdminKey: lastFour(wire.super_secret_admin_key),
  };
}

export function toApiKeyFirstView(wire: ApiKeyCreateResponseWire): ApiKeyFirstViewData {
  return {
    ...toApiKeyBase(wire),
    publishableClientKey: wire.publishable_client_key ?? null,
    secretServerKey: wire.secret_server_key ?? null,
    superSecretAdminKey: wire.super_secret_admin_key ?? null,
  };
}

export interface ApiKeyCreate {
  description: string;
  expiresAt: Date;
  hasPublishableClientKey: boolean;
  hasSecretServerKey: boolean;
  hasSuperSecretAdminKey: boolean;
}

export function toApiKeyCreateWire(create: ApiKeyCreate): Record<string, unknown> {
  return {
    description: create.description,
    expires_at_millis: create.expiresAt.getTime(),
    has_publishable_client_key: create.hasPublishableClientKey,
    has_secret_server_key: create.hasSecretServerKey,
    has_super_secret_admin_key: create.hasSuperSecretAdminKey,
  };
}

export const EMAIL_TEMPLATE_TYPES = ['email_verification', 'password_reset', 'magic_link', 'team_invitation'] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

export const emailTemplateSchema = z.object({
  type: z.string(),
  subject: z.string(),
  // JSON editor document: opaque to the client.
  content: z.unknown(),
  is_default: z.boolean(),
});
export type EmailTemplateWire = z.output<typeof emailTemplateSchema>;

export interface EmailTemplateData {
  type: EmailTemplateType | (string & {});
  subject: string;
  content: unknown;
  isDefault: boolean;
}

export function toEmailTemplate(wire: EmailTemplateWire): EmailTemplateData {
  return { type: wire.type, subject: wire.subject, content: wire.content, isDefault: wire.is_default };
}

export const svixTokenSchema = z.object({ token: z.string() });

export const connectedAccountTokenSchema = z.object({ access_token: z.string() });

export interface ConnectedAccountTokenData {
  accessToken: string;
}

export function toConnectedAccountToken(wire: z.output<typeof connectedAccountTokenSchema>): ConnectedAccountTokenData {
  return { accessToken: wire.access_token };
}

const dailyCountSchema = z.object({ date: z.string(), activity: z.number() });

export const metricsSchema = z.object({
  total_users: z.number(),
  daily_users: z.array(dailyCountSchema),
  daily_active_users: z.array(dailyCountSchema),
  users_by_country: z.record(z.string(), z.number()),
  recently_registered: z.array(serverUserSchema),
  recently_active: z.array(serverUserSchema),
  login_methods: z.array(z.object({ method: z.string(), count: z.number() })),
});

export const sendTestEmailResponseSchema = z.object({ success: z.boolean(), error_message: z.optional(z.string()) });

// Project entity (with the 2.8 client fields): client and admin views with camelCase models.
import * as z from 'zod/mini';
import { dropUndefined, millisSchema, millisToDate } from './common.ts';

const idRef = z.object({ id: z.string() });

export const domainSchema = z.object({ domain: z.string(), handler_path: z._default(z.string(), '/handler') });

// `type` stays a plain string: a newer service may add kinds, which must not fail the whole project.
export const oauthProviderConfigSchema = z.object({
  id: z.string(),
  enabled: z._default(z.boolean(), true),
  type: z.string(),
  client_id: z.optional(z.string()),
  client_secret: z.optional(z.string()),
  facebook_config_id: z.optional(z.string()),
  microsoft_tenant_id: z.optional(z.string()),
});

export const emailConfigSchema = z.object({
  type: z.string(),
  host: z.optional(z.string()),
  port: z.optional(z.number()),
  username: z.optional(z.string()),
  password: z.optional(z.string()),
  sender_name: z.optional(z.string()),
  sender_email: z.optional(z.string()),
});

/** `GET /projects/current` with client or server access. */
export const clientProjectSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  config: z.object({
    sign_up_enabled: z.boolean(),
    credential_enabled: z.boolean(),
    magic_link_enabled: z.boolean(),
    passkey_enabled: z.boolean(),
    client_team_creation_enabled: z.boolean(),
    client_user_deletion_enabled: z.boolean(),
    enabled_oauth_providers: z._default(z.array(idRef), []),
    // Present on the newer (2.8) service only.
    allow_localhost: z.optional(z.boolean()),
    domains: z.optional(z.array(domainSchema)),
  }),
});
export type ClientProjectWire = z.output<typeof clientProjectSchema>;

/** Admin view: `GET/PATCH /projects/current` with admin access, items of `/internal/projects`. */
export const adminProjectSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  description: z._default(z.nullable(z.string()), ''),
  created_at_millis: millisSchema,
  user_count: z.number(),
  is_production_mode: z.boolean(),
  config: z.object({
    id: z.optional(z.string()),
    allow_localhost: z.boolean(),
    sign_up_enabled: z.boolean(),
    credential_enabled: z.boolean(),
    magic_link_enabled: z.boolean(),
    passkey_enabled: z.boolean(),
    legacy_global_jwt_signing: z._default(z.boolean(), false),
    client_team_creation_enabled: z.boolean(),
    client_user_deletion_enabled: z.boolean(),
    create_team_on_sign_up: z._default(z.boolean(), false),
    oauth_providers: z._default(z.array(oauthProviderConfigSchema), []),
    enabled_oauth_providers: z._default(z.array(idRef), []),
    domains: z._default(z.array(domainSchema), []),
    email_config: z._default(emailConfigSchema, { type: 'shared' }),
    team_creator_default_permissions: z._default(z.array(idRef), []),
    team_member_default_permissions: z._default(z.array(idRef), []),
  }),
});
export type AdminProjectWire = z.output<typeof adminProjectSchema>;

export interface TrustedDomain {
  domain: string;
  handlerPath: string;
}

export interface OAuthProviderConfig {
  id: string;
  enabled: boolean;
  type: 'shared' | 'standard' | (string & {});
  clientId?: string;
  clientSecret?: string;
  facebookConfigId?: string;
  microsoftTenantId?: string;
}

export interface EmailConfig {
  type: 'shared' | 'standard' | (string & {});
  host?: string;
  port?: number;
  username?: string;
  password?: string;
  senderName?: string;
  senderEmail?: string;
}

export interface ClientProjectConfig {
  signUpEnabled: boolean;
  credentialEnabled: boolean;
  magicLinkEnabled: boolean;
  passkeyEnabled: boolean;
  clientTeamCreationEnabled: boolean;
  clientUserDeletionEnabled: boolean;
  oauthProviders: { id: string }[];
  /** Only sent by the newer service. */
  allowLocalhost?: boolean;
  domains?: TrustedDomain[];
}

export interface ClientProjectData {
  id: string;
  displayName: string;
  config: ClientProjectConfig;
}

export interface AdminProjectConfig {
  id?: string;
  signUpEnabled: boolean;
  credentialEnabled: boolean;
  magicLinkEnabled: boolean;
  passkeyEnabled: boolean;
  clientTeamCreationEnabled: boolean;
  clientUserDeletionEnabled: boolean;
  allowLocalhost: boolean;
  legacyGlobalJwtSigning: boolean;
  createTeamOnSignUp: boolean;
  teamCreatorDefaultPermissions: { id: string }[];
  teamMemberDefaultPermissions: { id: string }[];
  domains: TrustedDomain[];
  oauthProviders: OAuthProviderConfig[];
  enabledOAuthProviders: { id: string }[];
  emailConfig: EmailConfig;
}

export interface AdminProjectData {
  id: string;
  displayName: string;
  description: string;
  createdAt: Date;
  userCount: number;
  isProductionMode: boolean;
  config: AdminProjectConfig;
}

const toDomain = (d: z.output<typeof domainSchema>): TrustedDomain => ({ domain: d.domain, handlerPath: d.handler_path });

export function toClientProject(wire: ClientProjectWire): ClientProjectData {
  const c = wire.config;
  return {
    id: wire.id,
    displayName: wire.display_name,
    config: {
      signUpEnabled: c.sign_up_enabled,
      credentialEnabled: c.credential_enabled,
      magicLinkEnabled: c.magic_link_enabled,
      passkeyEnabled: c.passkey_enabled,
      clientTeamCreationEnabled: c.client_team_creation_enabled,
      clientUserDeletionEnabled: c.client_user_deletion_enabled,
      oauthProviders: c.enabled_oauth_providers.map((p) => ({ id: p.id })),
      ...(c.allow_localhost === undefined ? {} : { allowLocalhost: c.allow_localhost }),
      ...(c.domains === undefined ? {} : { domains: c.domains.map(toDomain) }),
    },
  };
}

function toOAuthProviderConfig(p: z.output<typeof oauthProviderConfigSchema>): OAuthProviderConfig {
  const out: OAuthProviderConfig = { id: p.id, enabled: p.enabled, type: p.type };
  if (p.client_id !== undefined) out.clientId = p.client_id;
  if (p.client_secret !== undefined) out.clientSecret = p.client_secret;
  if (p.facebook_config_id !== undefined) out.facebookConfigId = p.facebook_config_id;
  if (p.microsoft_tenant_id !== undefined) out.microsoftTenantId = p.microsoft_tenant_id;
  return out;
}

function toEmailConfig(e: z.output<typeof emailConfigSchema>): EmailConfig {
  return dropUndefined({
    type: e.type,
    host: e.host,
    port: e.port,
    username: e.username,
    password: e.password,
    senderName: e.sender_name,
    senderEmail: e.sender_email,
  }) as unknown as EmailConfig;
}

export function toAdminProject(wire: AdminProjectWire): AdminProjectData {
  const c = wire.config;
  return {
    id: wire.id,
    displayName: wire.display_name,
    description: wire.description ?? '',
    createdAt: millisToDate(wire.created_at_millis),
    userCount: wire.user_count,
    isProductionMode: wire.is_production_mode,
    config: {
      ...(c.id === undefined ? {} : { id: c.id }),
      signUpEnabled: c.sign_up_enabled,
      credentialEnabled: c.credential_enabled,
      magicLinkEnabled: c.magic_link_enabled,
      passkeyEnabled: c.passkey_enabled,
      clientTeamCreationEnabled: c.client_team_creation_enabled,
      clientUserDeletionEnabled: c.client_user_deletion_enabled,
      allowLocalhost: c.allow_localhost,
      legacyGlobalJwtSigning: c.legacy_global_jwt_signing,
      createTeamOnSignUp: c.create_team_on_sign_up,
      teamCreatorDefaultPermissions: c.team_creator_default_permissions.map((p) => ({ id: p.id })),
      teamMemberDefaultPermissions: c.team_member_default_permissions.map((p) => ({ id: p.id })),
      domains: c.domains.map(toDomain),
      oauthProviders: c.oauth_providers.map(toOAuthProviderConfig),
      enabledOAuthProviders: c.enabled_oauth_providers.map((p) => ({ id: p.id })),
      emailConfig: toEmailConfig(c.email_config),
    },
  };
}

export interface AdminProjectUpdate {
  displayName?: string;
  description?: string;
  isProductionMode?: boolean;
  config?: Partial<Omit<AdminProjectConfig, 'id' | 'enabledOAuthProviders'>>;
}

/** camelCase project update -> PATCH `/projects/current` body. */
export function toProjectUpdateWire(update: AdminProjectUpdate): Record<string, unknown> {
  const c = update.config;
  return dropUndefined({
    display_name: update.displayName,
    description: update.description,
    is_production_mode: update.isProductionMode,
    config:
      c === undefined
        ? undefined
        : dropUndefined({
            sign_up_enabled: c.signUpEnabled,
            credential_enabled: c.credentialEnabled,
            magic_link_enabled: c.magicLinkEnabled,
            passkey_enabled: c.passkeyEnabled,
            client_team_creation_enabled: c.clientTeamCreationEnabled,
            client_user_deletion_enabled: c.clientUserDeletionEnabled,
            legacy_global_jwt_signing: c.legacyGlobalJwtSigning,
            allow_localhost: c.allowLocalhost,
            create_team_on_sign_up: c.createTeamOnSignUp,
            team_creator_default_permissions: c.teamCreatorDefaultPermissions?.map((p) => ({ id: p.id })),
            team_member_default_permissions: c.teamMemberDefaultPermissions?.map((p) => ({ id: p.id })),
            domains: c.domains?.map((d) => ({ domain: d.domain, handler_path: d.handlerPath })),
            email_config:
              c.emailConfig === undefined
                ? undefined
                : c.emailConfig.type === 'shared'
                  ? { type: 'shared' }
                  : dropUndefined({
                      type: c.emailConfig.type,
                      host: c.emailConfig.host,
                      port: c.emailConfig.port,
                      username: c.emailConfig.username,
                      password: c.emailConfig.password,
                      sender_name: c.emailConfig.senderName,
                      sender_email: c.emailConfig.senderEmail,
                    }),
            // Standard-only fields are sent only for type "standard".
            oauth_providers: c.oauthProviders?.map((p) =>
              p.type === 'standard'
                ? dropUndefined({
                    id: p.id,
                    enabled: p.enabled,
                    type: p.type,
                    client_id: p.clientId,
                    client_secret: p.clientSecret,
                    facebook_config_id: p.facebookConfigId,
                    microsoft_tenant_id: p.microsoftTenantId,
                  })
                : { id: p.id, enabled: p.enabled, type: p.type },
            ),
          }),
  });
}

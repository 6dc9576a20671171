// User entity (with the newer optional 2.8 fields): wire shapes and camelCase models.
import * as z from 'zod/mini';
import { dropUndefined, jsonMetadataSchema, millisSchema, millisToDate } from './common.ts';
import { clientTeamSchema, serverTeamSchema, toServerTeam, toTeam, type ServerTeamData, type TeamData } from './team.ts';

export const oauthProviderLinkSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  email: z._default(z.nullable(z.string()), null),
});

export const restrictedReasonSchema = z.object({ type: z.string() });

const userBaseShape = {
  id: z.string(),
  primary_email: z.nullable(z.string()),
  primary_email_verified: z.boolean(),
  display_name: z.nullable(z.string()),
  profile_image_url: z.nullable(z.string()),
  signed_up_at_millis: millisSchema,
  client_metadata: jsonMetadataSchema,
  client_read_only_metadata: jsonMetadataSchema,
  has_password: z.boolean(),
  otp_auth_enabled: z.boolean(),
  passkey_auth_enabled: z.boolean(),
  // Deprecated upstream: tolerated when a newer service drops them.
  auth_with_email: z.optional(z.boolean()),
  requires_totp_mfa: z._default(z.boolean(), false),
  oauth_providers: z._default(z.array(oauthProviderLinkSchema), []),
  selected_team_id: z._default(z.nullable(z.string()), null),
  // Newer (2.8) service fields, absent from the 2.7 backend's responses.
  is_anonymous: z._default(z.boolean(), false),
  is_restricted: z._default(z.boolean(), false),
  restricted_reason: z._default(z.nullable(restrictedReasonSchema), null),
};

/** `GET /users/me` with the client access type. */
export const clientUserSchema = z.object({
  ...userBaseShape,
  selected_team: z._default(z.nullable(clientTeamSchema), null),
});
export type ClientUserWire = z.output<typeof clientUserSchema>;

/** Server/admin view: users endpoints, server `GET /users/me`, `user` inside server team-member profiles. */
export const serverUserSchema = z.object({
  ...userBaseShape,
  primary_email_auth_enabled: z.boolean(),
  last_active_at_millis: millisSchema,
  server_metadata: jsonMetadataSchema,
  selected_team: z._default(z.nullable(serverTeamSchema), null),
  country_code: z.optional(z.nullable(z.string())),
  risk_scores: z.optional(z.object({ sign_up: z.object({ bot: z.number(), free_trial_abuse: z.number() }) })),
});
export type ServerUserWire = z.output<typeof serverUserSchema>;

export interface OAuthProviderLink {
  id: string;
  accountId: string;
  email: string | null;
}

export interface CurrentUserData {
  id: string;
  displayName: string | null;
  primaryEmail: string | null;
  primaryEmailVerified: boolean;
  profileImageUrl: string | null;
  signedUpAt: Date;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
  hasPassword: boolean;
  emailAuthEnabled: boolean;
  otpAuthEnabled: boolean;
  passkeyAuthEnabled: boolean;
  isMultiFactorRequired: boolean;
  oauthProviders: OAuthProviderLink[];
  selectedTeamId: string | null;
  selectedTeam: TeamData | null;
  isAnonymous: boolean;
  isRestricted: boolean;
  restrictedReason: { type: string } | null;
}

export interface ServerUserData extends CurrentUserData {
  primaryEmailAuthEnabled: boolean;
  lastActiveAt: Date;
  serverMetadata: unknown;
  selectedTeam: ServerTeamData | null;
}

type UserBaseWire = Omit<ClientUserWire, 'selected_team'>;

function toUserBase(wire: UserBaseWire): Omit<CurrentUserData, 'selectedTeam'> {
  return {
    id: wire.id,
    displayName: wire.display_name,
    primaryEmail: wire.primary_email,
    primaryEmailVerified: wire.primary_email_verified,
    profileImageUrl: wire.profile_image_url,
    signedUpAt: millisToDate(wire.signed_up_at_millis),
    clientMetadata: wire.client_metadata,
    clientReadOnlyMetadata: wire.client_read_only_metadata,
    hasPassword: wire.has_password,
    // Backend defines it as has_password OR otp_auth_enabled; recompute when a newer service drops it.
    emailAuthEnabled: wire.auth_with_email ?? (wire.has_password || wire.otp_auth_enabled),
    otpAuthEnabled: wire.otp_auth_enabled,
    passkeyAuthEnabled: wire.passkey_auth_enabled,
    isMultiFactorRequired: wire.requires_totp_mfa,
    oauthProviders: wire.oauth_providers.map((p) => ({ id: p.id, accountId: p.account_id, email: p.email })),
    selectedTeamId: wire.selected_team_id,
    isAnonymous: wire.is_anonymous,
    isRestricted: wire.is_restricted,
    restrictedReason: wire.restricted_reason,
  };
}

export function toCurrentUser(wire: ClientUserWire): CurrentUserData {
  return { ...toUserBase(wire), selectedTeam: wire.selected_team === null ? null : toTeam(wire.selected_team) };
}

export function toServerUser(wire: ServerUserWire): ServerUserData {
  return {
    ...toUserBase(wire),
    primaryEmailAuthEnabled: wire.primary_email_auth_enabled,
    lastActiveAt: millisToDate(wire.last_active_at_millis),
    serverMetadata: wire.server_metadata,
    selectedTeam: wire.selected_team === null ? null : toServerTeam(wire.selected_team),
  };
}

/** Fields the client access type may PATCH on `/users/me`. */
export interface CurrentUserUpdate {
  displayName?: string | null;
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
  selectedTeamId?: string | null;
  /** Standard base64 of the TOTP secret; null disables MFA. */
  totpSecretBase64?: string | null;
  otpAuthEnabled?: boolean;
  /** Only `false` is accepted (deletes the passkey). */
  passkeyAuthEnabled?: false;
}

/** Server update set (the SDK's `serverUser.update`, plus create-only fields used by `POST /users`). */
export interface ServerUserUpdate extends CurrentUserUpdate {
  primaryEmail?: string | null;
  primaryEmailVerified?: boolean;
  primaryEmailAuthEnabled?: boolean;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
  password?: string | null;
  passwordHash?: string;
}

export function toUserUpdateWire(update: ServerUserUpdate): Record<string, unknown> {
  return dropUndefined({
    display_name: update.displayName,
    profile_image_url: update.profileImageUrl,
    client_metadata: update.clientMetadata,
    selected_team_id: update.selectedTeamId,
    totp_secret_base64: update.totpSecretBase64,
    otp_auth_enabled: update.otpAuthEnabled,
    passkey_auth_enabled: update.passkeyAuthEnabled,
    primary_email: update.primaryEmail,
    primary_email_verified: update.primaryEmailVerified,
    primary_email_auth_enabled: update.primaryEmailAuthEnabled,
    client_read_only_metadata: update.clientReadOnlyMetadata,
    server_metadata: update.serverMetadata,
    password: update.password,
    password_hash: update.passwordHash,
  });
}

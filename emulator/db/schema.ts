// Row types of the emulator's database (one schema, created by ./migrations.ts).
import type { ColumnType, Generated, Selectable } from 'kysely';

/** jsonb: read as a parsed value, written as JSON text. */
type Json = ColumnType<unknown, string, string>;
type NullableJson = ColumnType<unknown, string | null, string | null>;

interface ProjectsTable {
  id: string;
  display_name: string;
  description: string;
  created_at_millis: number;
  /** ProjectConfig, see ../domain/projects.ts */
  config: Json;
}

interface ApiKeySetsTable {
  id: string;
  project_id: string;
  description: string;
  publishable_client_key: string | null;
  secret_server_key: string | null;
  super_secret_admin_key: string | null;
  expires_at_millis: number;
  manually_revoked_at_millis: number | null;
  created_at_millis: number;
}

interface SigningKeysTable {
  project_id: string;
  kid: string;
  private_jwk: Json;
  public_jwk: Json;
}

export interface UsersTable {
  id: string;
  project_id: string;
  display_name: string | null;
  profile_image_url: string | null;
  client_metadata: NullableJson;
  client_read_only_metadata: NullableJson;
  server_metadata: NullableJson;
  password_hash: string | null;
  otp_auth_enabled: boolean;
  totp_secret_base64: string | null;
  selected_team_id: string | null;
  signed_up_at_millis: number;
  last_active_at_millis: number;
  /** Country of the request behind the last activity (null when the request named none). */
  last_active_country_code: Generated<string | null>;
  /** Signed up with POST /auth/anonymous/sign-up and not upgraded yet. */
  is_anonymous: Generated<boolean>;
}

interface ContactChannelsTable {
  id: string;
  project_id: string;
  user_id: string;
  type: string;
  value: string;
  is_verified: boolean;
  is_primary: boolean;
  used_for_auth: boolean;
  created_at_millis: number;
}

interface RefreshTokensTable {
  id: string;
  project_id: string;
  user_id: string;
  token: string;
  /** 'stack' | 'current': the dialect of the request that created the session. */
  dialect: string;
  created_at_millis: number;
  expires_at_millis: number;
}

interface VerificationCodesTable {
  id: string;
  project_id: string;
  /** 'password_reset' | 'otp_sign_in' | 'contact_channel_verification' */
  type: string;
  code: string;
  data: Json;
  attempt_count: Generated<number>;
  created_at_millis: number;
  expires_at_millis: number;
  used_at_millis: number | null;
}

interface EmailsTable {
  id: string;
  project_id: string;
  mailbox: string;
  recipient: string;
  sender: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at_millis: number;
}

interface TeamsTable {
  id: string;
  project_id: string;
  display_name: string;
  profile_image_url: string | null;
  client_metadata: NullableJson;
  client_read_only_metadata: NullableJson;
  server_metadata: NullableJson;
  created_at_millis: number;
}

interface TeamMembersTable {
  project_id: string;
  team_id: string;
  user_id: string;
  /** Team-specific profile; null falls back to the user's own. */
  display_name: string | null;
  profile_image_url: string | null;
  created_at_millis: number;
}

interface TeamMemberPermissionsTable {
  project_id: string;
  team_id: string;
  user_id: string;
  /** A custom definition id or one of the five `$` system permissions. */
  permission_id: string;
}

interface PermissionDefinitionsTable {
  project_id: string;
  id: string;
  description: string;
  /** string[] */
  contained_permission_ids: Json;
  created_at_millis: number;
}

interface EmailTemplatesTable {
  project_id: string;
  /** 'email_verification' | 'password_reset' | 'magic_link' | 'team_invitation' */
  type: string;
  subject: string;
  content: Json;
}

/** Filled by a trigger on users.last_active_at_millis (every sign-up and access-token issuance). */
interface UserActivityTable {
  project_id: string;
  user_id: string;
  at_millis: number;
  country_code: Generated<string | null>;
}

interface OAuthAccountsTable {
  project_id: string;
  provider_id: string;
  account_id: string;
  user_id: string;
  email: string | null;
  allow_sign_in: Generated<boolean>;
  created_at_millis: number;
}

interface OAuthTokensTable {
  id: string;
  project_id: string;
  provider_id: string;
  account_id: string;
  /** 'access' | 'refresh' */
  kind: string;
  token: string;
  /** string[] */
  scopes: Json;
  expires_at_millis: number | null;
  created_at_millis: number;
}

interface OAuthFlowsTable {
  /** The inner state (also the suffix of the `stack-oauth-inner-` cookie). */
  id: string;
  project_id: string;
  data: Json;
  created_at_millis: number;
  expires_at_millis: number;
}

interface OAuthAuthorizationCodesTable {
  code: string;
  project_id: string;
  data: Json;
  expires_at_millis: number;
  used_at_millis: number | null;
}

interface PasskeysTable {
  user_id: string;
  project_id: string;
  credential_id: string;
  /** base64url COSE public key */
  public_key: string;
  counter: number;
  transports: Json;
  created_at_millis: number;
}

export interface Database {
  projects: ProjectsTable;
  api_key_sets: ApiKeySetsTable;
  signing_keys: SigningKeysTable;
  users: UsersTable;
  contact_channels: ContactChannelsTable;
  refresh_tokens: RefreshTokensTable;
  verification_codes: VerificationCodesTable;
  emails: EmailsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_member_permissions: TeamMemberPermissionsTable;
  permission_definitions: PermissionDefinitionsTable;
  email_templates: EmailTemplatesTable;
  user_activity: UserActivityTable;
  oauth_accounts: OAuthAccountsTable;
  oauth_tokens: OAuthTokensTable;
  oauth_flows: OAuthFlowsTable;
  oauth_authorization_codes: OAuthAuthorizationCodesTable;
  passkeys: PasskeysTable;
  webhook_tokens: WebhookTokensTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_messages: WebhookMessagesTable;
  webhook_attempts: WebhookAttemptsTable;
}

interface WebhookTokensTable {
  token: string;
  project_id: string;
  created_at_millis: number;
}

export interface WebhookEndpointsTable {
  id: string;
  project_id: string;
  url: string;
  description: string;
  /** `whsec_` + base64: the key the svix package signs and verifies with. */
  secret: string;
  created_at_millis: number;
}

export interface WebhookMessagesTable {
  id: string;
  project_id: string;
  event_type: string;
  payload: Json;
  created_at_millis: number;
}

/** One delivery attempt; status as Svix's MessageStatus: 0 success, 2 failed. */
export interface WebhookAttemptsTable {
  id: string;
  message_id: string;
  endpoint_id: string;
  url: string;
  status: number;
  response_status_code: number;
  response: string;
  created_at_millis: number;
}

export type ProjectRow = Selectable<ProjectsTable>;
export type UserRow = Selectable<UsersTable>;
export type ContactChannelRow = Selectable<ContactChannelsTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type VerificationCodeRow = Selectable<VerificationCodesTable>;
export type EmailRow = Selectable<EmailsTable>;
export type TeamRow = Selectable<TeamsTable>;
export type TeamMemberRow = Selectable<TeamMembersTable>;
export type OAuthAccountRow = Selectable<OAuthAccountsTable>;
export type PasskeyRow = Selectable<PasskeysTable>;

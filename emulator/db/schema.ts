// Row types of the emulator's database (one schema, created by ./migrations.ts).
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** jsonb: read as a parsed value, written as JSON text. */
export type Json = ColumnType<unknown, string, string>;
export type NullableJson = ColumnType<unknown, string | null, string | null>;

export interface ProjectsTable {
  id: string;
  display_name: string;
  description: string;
  created_at_millis: number;
  /** ProjectConfig, see ../domain/projects.ts */
  config: Json;
}

export interface ApiKeySetsTable {
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

export interface SigningKeysTable {
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
}

export interface ContactChannelsTable {
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

export interface RefreshTokensTable {
  id: string;
  project_id: string;
  user_id: string;
  token: string;
  /** 'stack' | 'current': the dialect of the request that created the session (protocol.md §14). */
  dialect: string;
  created_at_millis: number;
  expires_at_millis: number;
}

export interface VerificationCodesTable {
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

export interface EmailsTable {
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

export interface Database {
  projects: ProjectsTable;
  api_key_sets: ApiKeySetsTable;
  signing_keys: SigningKeysTable;
  users: UsersTable;
  contact_channels: ContactChannelsTable;
  refresh_tokens: RefreshTokensTable;
  verification_codes: VerificationCodesTable;
  emails: EmailsTable;
}

export type ProjectRow = Selectable<ProjectsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type ContactChannelRow = Selectable<ContactChannelsTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type VerificationCodeRow = Selectable<VerificationCodesTable>;
export type EmailRow = Selectable<EmailsTable>;

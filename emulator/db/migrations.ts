// The schema, as an ordered list of SQL migrations. Never edit a shipped entry: append a new one
// (the snapshot cache key is a hash of this list, so a change invalidates cached snapshots).

export interface Migration {
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    name: '0001_initial',
    sql: `
      CREATE TABLE projects (
        id text PRIMARY KEY,
        display_name text NOT NULL,
        description text NOT NULL DEFAULT '',
        created_at_millis double precision NOT NULL,
        config jsonb NOT NULL
      );
      CREATE TABLE api_key_sets (
        id text PRIMARY KEY,
        project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        description text NOT NULL,
        publishable_client_key text UNIQUE,
        secret_server_key text UNIQUE,
        super_secret_admin_key text UNIQUE,
        expires_at_millis double precision NOT NULL,
        manually_revoked_at_millis double precision,
        created_at_millis double precision NOT NULL
      );
      CREATE TABLE signing_keys (
        project_id text PRIMARY KEY,
        kid text NOT NULL,
        private_jwk jsonb NOT NULL,
        public_jwk jsonb NOT NULL
      );
      CREATE TABLE users (
        id text PRIMARY KEY,
        project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        display_name text,
        profile_image_url text,
        client_metadata jsonb,
        client_read_only_metadata jsonb,
        server_metadata jsonb,
        password_hash text,
        otp_auth_enabled boolean NOT NULL DEFAULT false,
        totp_secret_base64 text,
        selected_team_id text,
        signed_up_at_millis double precision NOT NULL,
        last_active_at_millis double precision NOT NULL
      );
      CREATE INDEX users_project_signed_up ON users (project_id, signed_up_at_millis, id);
      CREATE TABLE contact_channels (
        id text PRIMARY KEY,
        project_id text NOT NULL,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        type text NOT NULL,
        value text NOT NULL,
        is_verified boolean NOT NULL,
        is_primary boolean NOT NULL,
        used_for_auth boolean NOT NULL,
        created_at_millis double precision NOT NULL,
        UNIQUE (project_id, user_id, type, value)
      );
      CREATE UNIQUE INDEX contact_channels_auth_unique ON contact_channels (project_id, type, value) WHERE used_for_auth;
      CREATE TABLE refresh_tokens (
        id text PRIMARY KEY,
        project_id text NOT NULL,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token text NOT NULL,
        dialect text NOT NULL,
        created_at_millis double precision NOT NULL,
        expires_at_millis double precision NOT NULL,
        UNIQUE (project_id, token)
      );
      CREATE TABLE verification_codes (
        id text PRIMARY KEY,
        project_id text NOT NULL,
        type text NOT NULL,
        code text NOT NULL,
        data jsonb NOT NULL,
        attempt_count integer NOT NULL DEFAULT 0,
        created_at_millis double precision NOT NULL,
        expires_at_millis double precision NOT NULL,
        used_at_millis double precision,
        UNIQUE (project_id, type, code)
      );
      CREATE TABLE emails (
        id text PRIMARY KEY,
        project_id text NOT NULL,
        mailbox text NOT NULL,
        recipient text NOT NULL,
        sender text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text NOT NULL,
        created_at_millis double precision NOT NULL
      );
      CREATE INDEX emails_mailbox ON emails (mailbox, created_at_millis);
    `,
  },
];

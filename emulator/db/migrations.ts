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
  {
    name: '0002_teams_permissions_admin_oauth_passkeys',
    sql: `
      CREATE TABLE teams (
        id text PRIMARY KEY,
        project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        display_name text NOT NULL,
        profile_image_url text,
        client_metadata jsonb,
        client_read_only_metadata jsonb,
        server_metadata jsonb,
        created_at_millis double precision NOT NULL
      );
      CREATE INDEX teams_project_created ON teams (project_id, created_at_millis, id);
      CREATE TABLE team_members (
        project_id text NOT NULL,
        team_id text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        display_name text,
        profile_image_url text,
        created_at_millis double precision NOT NULL,
        PRIMARY KEY (team_id, user_id)
      );
      CREATE INDEX team_members_user ON team_members (user_id);
      CREATE TABLE team_member_permissions (
        project_id text NOT NULL,
        team_id text NOT NULL,
        user_id text NOT NULL,
        permission_id text NOT NULL,
        PRIMARY KEY (team_id, user_id, permission_id),
        FOREIGN KEY (team_id, user_id) REFERENCES team_members (team_id, user_id) ON DELETE CASCADE
      );
      CREATE TABLE permission_definitions (
        project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        id text NOT NULL,
        description text NOT NULL DEFAULT '',
        contained_permission_ids jsonb NOT NULL,
        created_at_millis double precision NOT NULL,
        PRIMARY KEY (project_id, id)
      );
      CREATE TABLE email_templates (
        project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        type text NOT NULL,
        subject text NOT NULL,
        content jsonb NOT NULL,
        PRIMARY KEY (project_id, type)
      );
      -- One row per activity event (sign-up, every access-token issuance), for /internal/metrics.
      CREATE TABLE user_activity (
        project_id text NOT NULL,
        user_id text NOT NULL,
        at_millis double precision NOT NULL
      );
      CREATE INDEX user_activity_project_at ON user_activity (project_id, at_millis);
      CREATE FUNCTION record_user_activity() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' OR NEW.last_active_at_millis IS DISTINCT FROM OLD.last_active_at_millis THEN
          INSERT INTO user_activity (project_id, user_id, at_millis) VALUES (NEW.project_id, NEW.id, NEW.last_active_at_millis);
        END IF;
        RETURN NEW;
      END;
      $$;
      CREATE TRIGGER users_record_activity AFTER INSERT OR UPDATE OF last_active_at_millis ON users
        FOR EACH ROW EXECUTE FUNCTION record_user_activity();
      CREATE TABLE oauth_accounts (
        project_id text NOT NULL,
        provider_id text NOT NULL,
        account_id text NOT NULL,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        email text,
        allow_sign_in boolean NOT NULL DEFAULT true,
        created_at_millis double precision NOT NULL,
        PRIMARY KEY (project_id, provider_id, account_id)
      );
      CREATE INDEX oauth_accounts_user ON oauth_accounts (user_id);
      CREATE TABLE oauth_tokens (
        id text PRIMARY KEY,
        project_id text NOT NULL,
        provider_id text NOT NULL,
        account_id text NOT NULL,
        kind text NOT NULL,
        token text NOT NULL,
        scopes jsonb NOT NULL,
        expires_at_millis double precision,
        created_at_millis double precision NOT NULL,
        FOREIGN KEY (project_id, provider_id, account_id) REFERENCES oauth_accounts (project_id, provider_id, account_id) ON DELETE CASCADE
      );
      CREATE TABLE oauth_flows (
        id text PRIMARY KEY,
        project_id text NOT NULL,
        data jsonb NOT NULL,
        created_at_millis double precision NOT NULL,
        expires_at_millis double precision NOT NULL
      );
      CREATE TABLE oauth_authorization_codes (
        code text PRIMARY KEY,
        project_id text NOT NULL,
        data jsonb NOT NULL,
        expires_at_millis double precision NOT NULL,
        used_at_millis double precision
      );
      CREATE TABLE passkeys (
        user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        project_id text NOT NULL,
        credential_id text NOT NULL,
        public_key text NOT NULL,
        counter integer NOT NULL,
        transports jsonb NOT NULL,
        created_at_millis double precision NOT NULL,
        UNIQUE (project_id, credential_id)
      );
    `,
  },
  {
    name: '0003_activity_country',
    sql: `
      -- The country of each activity event (x-vercel-ip-country / cf-ipcountry), for users_by_country.
      ALTER TABLE users ADD COLUMN last_active_country_code text;
      ALTER TABLE user_activity ADD COLUMN country_code text;
      CREATE OR REPLACE FUNCTION record_user_activity() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' OR NEW.last_active_at_millis IS DISTINCT FROM OLD.last_active_at_millis
          OR NEW.last_active_country_code IS DISTINCT FROM OLD.last_active_country_code THEN
          INSERT INTO user_activity (project_id, user_id, at_millis, country_code)
            VALUES (NEW.project_id, NEW.id, NEW.last_active_at_millis, NEW.last_active_country_code);
        END IF;
        RETURN NEW;
      END;
      $$;
      DROP TRIGGER users_record_activity ON users;
      CREATE TRIGGER users_record_activity AFTER INSERT OR UPDATE OF last_active_at_millis, last_active_country_code ON users
        FOR EACH ROW EXECUTE FUNCTION record_user_activity();
    `,
  },
  {
    name: '0004_webhooks',
    sql: `
      -- The Svix-compatible webhook service: tokens from POST /webhooks/svix-token, endpoints, messages, attempts.
      CREATE TABLE webhook_tokens (
        token text PRIMARY KEY,
        project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        created_at_millis double precision NOT NULL
      );
      CREATE TABLE webhook_endpoints (
        id text PRIMARY KEY,
        project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        url text NOT NULL,
        description text NOT NULL,
        secret text NOT NULL,
        created_at_millis double precision NOT NULL
      );
      CREATE TABLE webhook_messages (
        id text PRIMARY KEY,
        project_id text NOT NULL,
        event_type text NOT NULL,
        payload jsonb NOT NULL,
        created_at_millis double precision NOT NULL
      );
      CREATE INDEX webhook_messages_project ON webhook_messages (project_id, created_at_millis);
      CREATE TABLE webhook_attempts (
        id text PRIMARY KEY,
        message_id text NOT NULL REFERENCES webhook_messages(id) ON DELETE CASCADE,
        endpoint_id text NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
        url text NOT NULL,
        status integer NOT NULL,
        response_status_code integer NOT NULL,
        response text NOT NULL,
        created_at_millis double precision NOT NULL
      );
      CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (endpoint_id, created_at_millis);
    `,
  },
  {
    name: '0005_anonymous_users',
    sql: `
      -- Anonymous users (POST /auth/anonymous/sign-up, the published 2.8 client): restricted until they sign up.
      ALTER TABLE users ADD COLUMN is_anonymous boolean NOT NULL DEFAULT false;
    `,
  },
];

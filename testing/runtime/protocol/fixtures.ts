// Sample response bodies shaped as the backend sends them (shared by the schema tests).
export const TEAM_ID = '3d8e0b7a-8a51-4a5c-9d6e-0c2b9a1f7e11';
export const USER_ID = '9b3f2c1e-5d4a-4b7e-8f6a-1c2d3e4f5a6b';

export const clientTeamWire = {
  id: TEAM_ID,
  display_name: "Ada's Team",
  profile_image_url: null,
  client_metadata: { theme: 'dark' },
  client_read_only_metadata: null,
};

export const serverTeamWire = { ...clientTeamWire, created_at_millis: 1_700_000_000_000, server_metadata: { plan: 'pro' } };

export const clientUserWire = {
  id: USER_ID,
  primary_email: 'ada@example.com',
  primary_email_verified: true,
  display_name: 'Ada',
  profile_image_url: null,
  signed_up_at_millis: 1_700_000_000_000,
  client_metadata: null,
  client_read_only_metadata: { tier: 1 },
  has_password: true,
  otp_auth_enabled: false,
  passkey_auth_enabled: false,
  auth_with_email: true,
  requires_totp_mfa: false,
  oauth_providers: [{ id: 'github', account_id: '42', email: 'ada@github.example' }],
  selected_team_id: TEAM_ID,
  selected_team: clientTeamWire,
};

export const serverUserWire = {
  ...clientUserWire,
  primary_email_auth_enabled: true,
  last_active_at_millis: 1_700_000_500_000,
  server_metadata: { managedProjectIds: [] },
  selected_team: serverTeamWire,
};

export const clientProjectWire = {
  id: 'internal',
  display_name: 'Stack Dashboard',
  config: {
    sign_up_enabled: true,
    credential_enabled: true,
    magic_link_enabled: false,
    passkey_enabled: false,
    client_team_creation_enabled: true,
    client_user_deletion_enabled: false,
    enabled_oauth_providers: [{ id: 'github' }, { id: 'google' }],
  },
};

export const adminProjectWire = {
  id: '5a0c8f7e-1b2d-4c3e-9f4a-6b7c8d9e0f1a',
  display_name: 'Demo',
  description: '',
  created_at_millis: 1_700_000_000_000,
  user_count: 3,
  is_production_mode: false,
  config: {
    id: 'c0f1e2d3-4b5a-4697-8a1b-2c3d4e5f6a7b',
    allow_localhost: true,
    sign_up_enabled: true,
    credential_enabled: true,
    magic_link_enabled: false,
    passkey_enabled: false,
    legacy_global_jwt_signing: false,
    client_team_creation_enabled: false,
    client_user_deletion_enabled: false,
    create_team_on_sign_up: false,
    oauth_providers: [
      { id: 'github', enabled: true, type: 'shared' },
      { id: 'google', enabled: false, type: 'standard', client_id: 'cid', client_secret: 'sec' },
    ],
    enabled_oauth_providers: [{ id: 'github' }],
    domains: [{ domain: 'https://app.example.com', handler_path: '/handler' }],
    email_config: { type: 'shared' },
    team_creator_default_permissions: [{ id: 'admin' }],
    team_member_default_permissions: [{ id: 'member' }],
  },
};

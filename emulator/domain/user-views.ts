// The wire shapes of a user, per access type and dialect.
import type { Dialect } from '../core/known-errors.ts';
import { clientTeamView, serverTeamView } from './team-views.ts';
import { primaryEmailChannel, type UserRecord } from './user-record.ts';

export function clientUserView(user: UserRecord, dialect: Dialect) {
  const { row } = user;
  const primary = primaryEmailChannel(user);
  const hasPassword = row.password_hash !== null;
  const view = {
    id: row.id,
    primary_email: primary?.value ?? null,
    primary_email_verified: primary?.is_verified ?? false,
    display_name: row.display_name,
    profile_image_url: row.profile_image_url,
    signed_up_at_millis: row.signed_up_at_millis,
    client_metadata: row.client_metadata ?? null,
    client_read_only_metadata: row.client_read_only_metadata ?? null,
    has_password: hasPassword,
    otp_auth_enabled: row.otp_auth_enabled,
    passkey_auth_enabled: user.hasPasskey,
    auth_with_email: hasPassword || row.otp_auth_enabled,
    requires_totp_mfa: row.totp_secret_base64 !== null,
    oauth_providers: user.oauthAccounts.map((a) => ({ id: a.provider_id, account_id: a.account_id, email: a.email })),
    selected_team_id: row.selected_team_id,
    selected_team: user.selectedTeam ? clientTeamView(user.selectedTeam) : null,
  };
  const anonymous = row.is_anonymous;
  return dialect === 'current' ? { ...view, is_anonymous: anonymous, is_restricted: anonymous, restricted_reason: anonymous ? { type: 'anonymous' } : null } : view;
}

export function serverUserView(user: UserRecord, dialect: Dialect) {
  const { row } = user;
  const primary = primaryEmailChannel(user);
  const view = {
    ...clientUserView(user, dialect),
    selected_team: user.selectedTeam ? serverTeamView(user.selectedTeam) : null,
    primary_email_auth_enabled: primary?.used_for_auth ?? false,
    last_active_at_millis: row.last_active_at_millis,
    server_metadata: row.server_metadata ?? null,
  };
  if (dialect === 'stack') return view;
  return {
    ...view,
    country_code: null,
    restricted_by_admin: false,
    restricted_by_admin_reason: null,
    restricted_by_admin_private_details: null,
    risk_scores: { sign_up: { bot: 0, free_trial_abuse: 0 } },
  };
}

// fast-check arbitraries of the API's response bodies, for the wire -> model property tests.
import fc from 'fast-check';

export const str = fc.string({ maxLength: 12 });
const nonEmpty = fc.string({ minLength: 1, maxLength: 12 });
export const nullableStr = fc.option(str, { nil: null });
export const bool = fc.boolean();
const millis = fc.date({ min: new Date(0), max: new Date(4_102_444_800_000), noInvalidDate: true }).map((d) => d.getTime());
const json = fc.jsonValue({ maxDepth: 2 });
const idRef = fc.record({ id: str });
export const list = <T>(item: fc.Arbitrary<T>) => fc.array(item, { maxLength: 3 });
/** A wire object whose keys outside `required` may be absent (the schema's defaults then apply). */
export const wireObject = <T, K extends keyof T & string>(model: { [P in keyof T]: fc.Arbitrary<T[P]> }, required: K[]) =>
  fc.record<T, K>(model, { requiredKeys: required });

const clientTeamFields = { id: str, display_name: str, profile_image_url: nullableStr, client_metadata: json, client_read_only_metadata: json };
export const clientTeamWire = wireObject(clientTeamFields, ['id', 'display_name']);
export const serverTeamWire = wireObject({ ...clientTeamFields, created_at_millis: millis, server_metadata: json }, ['id', 'display_name', 'created_at_millis']);

const userBaseFields = {
  ...{ id: str, primary_email: nullableStr, primary_email_verified: bool, display_name: nullableStr, profile_image_url: nullableStr },
  ...{ signed_up_at_millis: millis, client_metadata: json, client_read_only_metadata: json, has_password: bool, otp_auth_enabled: bool },
  ...{ passkey_auth_enabled: bool, auth_with_email: bool, requires_totp_mfa: bool, selected_team_id: nullableStr },
  oauth_providers: list(wireObject({ id: str, account_id: str, email: nullableStr }, ['id', 'account_id'])),
  ...{ is_anonymous: bool, is_restricted: bool, restricted_reason: fc.option(fc.record({ type: str }), { nil: null }) },
};
const userRequired = ['id', 'primary_email', 'primary_email_verified', 'display_name', 'profile_image_url', 'signed_up_at_millis', 'has_password', 'otp_auth_enabled', 'passkey_auth_enabled'] as const;
export const clientUserWire = wireObject({ ...userBaseFields, selected_team: fc.option(clientTeamWire, { nil: null }) }, [...userRequired]);
export const serverUserWire = wireObject(
  {
    ...userBaseFields,
    ...{ primary_email_auth_enabled: bool, last_active_at_millis: millis, server_metadata: json, selected_team: fc.option(serverTeamWire, { nil: null }) },
    country_code: nullableStr,
    risk_scores: fc.record({ sign_up: fc.record({ bot: fc.integer({ min: 0, max: 100 }), free_trial_abuse: fc.integer({ min: 0, max: 100 }) }) }),
  },
  [...userRequired, 'primary_email_auth_enabled', 'last_active_at_millis'],
);

const profileFields = { team_id: str, user_id: str, display_name: nullableStr, profile_image_url: nullableStr };
export const profileWire = fc.record(profileFields);
export const serverProfileWire = fc.record({ ...profileFields, user: serverUserWire });
export const invitationWire = fc.record({ id: str, team_id: str, expires_at_millis: millis, recipient_email: nullableStr });
export const permissionWire = fc.record({ id: str, user_id: str, team_id: str });
export const membershipWire = fc.record({ team_id: str, user_id: str });
export const definitionWire = wireObject({ id: str, description: str, contained_permission_ids: list(str) }, ['id']);
export const contactChannelWire = fc.record({ user_id: str, id: str, value: str, type: fc.oneof(fc.constant('email'), str), used_for_auth: bool, is_verified: bool, is_primary: bool });

const domainWire = wireObject({ domain: str, handler_path: str }, ['domain']);
const projectFlags = {
  ...{ sign_up_enabled: bool, credential_enabled: bool, magic_link_enabled: bool, passkey_enabled: bool },
  ...{ client_team_creation_enabled: bool, client_user_deletion_enabled: bool },
};
const flagKeys = Object.keys(projectFlags) as (keyof typeof projectFlags)[];
export const clientProjectWire = fc.record({
  id: str,
  display_name: str,
  config: wireObject({ ...projectFlags, enabled_oauth_providers: list(idRef), allow_localhost: bool, domains: list(domainWire) }, flagKeys),
});
const oauthProviderWire = wireObject(
  { id: str, enabled: bool, type: fc.constantFrom('shared', 'standard'), client_id: str, client_secret: str, facebook_config_id: str, microsoft_tenant_id: str },
  ['id', 'type'],
);
const emailConfigWire = wireObject(
  { type: fc.constantFrom('shared', 'standard'), host: str, port: fc.integer({ min: 1, max: 65_535 }), username: str, password: str, sender_name: str, sender_email: str },
  ['type'],
);
export const adminProjectWire = wireObject(
  {
    id: str,
    display_name: str,
    description: nullableStr,
    created_at_millis: millis,
    user_count: fc.nat(),
    is_production_mode: bool,
    config: wireObject(
      {
        ...projectFlags,
        ...{ id: str, allow_localhost: bool, legacy_global_jwt_signing: bool, create_team_on_sign_up: bool, email_config: emailConfigWire },
        ...{ oauth_providers: list(oauthProviderWire), enabled_oauth_providers: list(idRef), domains: list(domainWire) },
        ...{ team_creator_default_permissions: list(idRef), team_member_default_permissions: list(idRef) },
      },
      [...flagKeys, 'allow_localhost'],
    ),
  },
  ['id', 'display_name', 'created_at_millis', 'user_count', 'is_production_mode', 'config'],
);

const lastFour = fc.record({ last_four: str });
const apiKeyFields = { id: str, description: str, expires_at_millis: millis, manually_revoked_at_millis: millis, created_at_millis: millis };
const apiKeyRequired = ['id', 'description', 'expires_at_millis', 'created_at_millis'] as const;
export const apiKeyWire = wireObject({ ...apiKeyFields, publishable_client_key: lastFour, secret_server_key: lastFour, super_secret_admin_key: lastFour }, [...apiKeyRequired]);
export const apiKeyCreatedWire = wireObject({ ...apiKeyFields, publishable_client_key: nonEmpty, secret_server_key: nonEmpty, super_secret_admin_key: nonEmpty }, [...apiKeyRequired]);
export const emailTemplateWire = fc.record({ type: fc.oneof(fc.constantFrom('email_verification', 'password_reset', 'magic_link', 'team_invitation'), str), subject: str, content: json, is_default: bool });

export const signInWire = wireObject({ access_token: nonEmpty, refresh_token: nonEmpty, user_id: str, is_new_user: bool }, ['access_token', 'refresh_token', 'user_id']);
export const oauthTokenWire = wireObject(
  {
    ...{ access_token: nonEmpty, token_type: fc.constantFrom('Bearer', 'bearer', 'BEARER', 'DPoP', 'dpop'), expires_in: fc.nat(), scope: str },
    ...{ refresh_token: nonEmpty, is_new_user: bool, newUser: bool, after_callback_redirect_url: nullableStr, afterCallbackRedirectUrl: nullableStr },
  },
  ['access_token', 'token_type'],
);

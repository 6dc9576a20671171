import { describe, expect, test } from 'vitest';
import { clientUserWire, serverUserWire, TEAM_ID, USER_ID } from '../../../testing/runtime/protocol/fixtures.ts';
import { clientUserSchema, serverUserSchema, toCurrentUser, toServerUser, toUserUpdateWire } from './user.ts';

describe('client user', () => {
  test('maps the wire client view to the SDK model', () => {
    const user = toCurrentUser(clientUserSchema.parse(clientUserWire));
    expect(user).toEqual({
      id: USER_ID,
      displayName: 'Ada',
      primaryEmail: 'ada@example.com',
      primaryEmailVerified: true,
      profileImageUrl: null,
      signedUpAt: new Date(1_700_000_000_000),
      clientMetadata: null,
      clientReadOnlyMetadata: { tier: 1 },
      hasPassword: true,
      emailAuthEnabled: true,
      otpAuthEnabled: false,
      passkeyAuthEnabled: false,
      isMultiFactorRequired: false,
      oauthProviders: [{ id: 'github', accountId: '42', email: 'ada@github.example' }],
      selectedTeamId: TEAM_ID,
      selectedTeam: { id: TEAM_ID, displayName: "Ada's Team", profileImageUrl: null, clientMetadata: { theme: 'dark' }, clientReadOnlyMetadata: null },
      isAnonymous: false,
      isRestricted: false,
      restrictedReason: null,
    });
  });

  test('strips unknown keys and accepts the 2.8 fields', () => {
    const parsed = clientUserSchema.parse({
      ...clientUserWire,
      is_anonymous: false,
      is_restricted: true,
      restricted_reason: { type: 'email_not_verified' },
      restricted_by_admin: false,
      brand_new_field: { x: 1 },
    });
    expect('brand_new_field' in parsed).toBe(false);
    expect(toCurrentUser(parsed).restrictedReason).toEqual({ type: 'email_not_verified' });
    expect(toCurrentUser(parsed).isRestricted).toBe(true);
  });

  test('deprecated fields may be missing (newer service)', () => {
    const { auth_with_email: _a, requires_totp_mfa: _r, ...rest } = clientUserWire;
    const user = toCurrentUser(clientUserSchema.parse({ ...rest, has_password: false, otp_auth_enabled: true }));
    expect(user.emailAuthEnabled).toBe(true);
    expect(user.isMultiFactorRequired).toBe(false);
  });

  test('emailAuthEnabled comes from auth_with_email and MFA from requires_totp_mfa', () => {
    const user = toCurrentUser(clientUserSchema.parse({ ...clientUserWire, auth_with_email: false, requires_totp_mfa: true, selected_team: null }));
    expect(user.emailAuthEnabled).toBe(false);
    expect(user.isMultiFactorRequired).toBe(true);
    expect(user.selectedTeam).toBeNull();
  });

  test('missing required field is an error', () => {
    const { id: _id, ...rest } = clientUserWire;
    expect(clientUserSchema.safeParse(rest).success).toBe(false);
  });
});

describe('server user', () => {
  test('adds lastActiveAt, serverMetadata and a server team', () => {
    const user = toServerUser(serverUserSchema.parse({ ...serverUserWire, risk_scores: { sign_up: { bot: 0, free_trial_abuse: 0 } } }));
    expect(user.lastActiveAt).toEqual(new Date(1_700_000_500_000));
    expect(user.serverMetadata).toEqual({ managedProjectIds: [] });
    expect(user.primaryEmailAuthEnabled).toBe(true);
    expect(user.selectedTeam?.createdAt).toEqual(new Date(1_700_000_000_000));
    expect(user.selectedTeam?.serverMetadata).toEqual({ plan: 'pro' });
  });

  test('the client view is not a server user', () => {
    expect(serverUserSchema.safeParse(clientUserWire).success).toBe(false);
  });
});

test('update mapper sends snake_case and drops undefined', () => {
  expect(toUserUpdateWire({ displayName: 'B', selectedTeamId: null, totpSecretBase64: undefined, passwordHash: 'h' })).toEqual({
    display_name: 'B',
    selected_team_id: null,
    password_hash: 'h',
  });
});

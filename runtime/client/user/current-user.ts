import { requireCallbackUrl } from '../../flows/callback-urls.ts';
import type { KnownError } from '../../protocol/errors/base.ts';
import { totpSecretToBase64 } from '../../protocol/totp.ts';
import type { CurrentUserData, CurrentUserUpdate as WireUserUpdate } from '../../protocol/schemas/user.ts';
import type { UserChangeData } from '../../bridge/messages.ts';
import { createContactChannel, listContactChannels, type ContactChannel } from './contact-channels.ts';
import { getConnectedAccount, type GetConnectedAccountOptions, type OAuthConnection } from './connected-accounts.ts';
import type { ClientContext } from '../app/context.ts';
import { changed, readKey } from '../reads/read-keys.ts';
import { linkOAuthAccount } from '../sign-in/oauth.ts';
import { registerPasskey } from './passkeys.ts';
import { signalPasskeyRemoved, signalUserDetails } from './passkey-signals.ts';
import { err, type Result } from '../../protocol/result.ts';
import { asResult } from '../app/as-result.ts';
import { newPasswordError } from '../sign-in/sign-in.ts';
import * as teams from './teams.ts';
import * as tokens from '../session/session-tokens.ts';
import type { EditableTeamMemberProfile, Team, TeamPermission, TeamRef } from './teams.ts';
import * as api from '../../protocol/contract/api.generated.ts';
import { apiCall } from '../backend/api-call.ts';

export interface CurrentUserUpdate extends WireUserUpdate {
  /** The raw TOTP secret (see `createTotpSecret`), sent as `totp_secret_base64`; null turns MFA off. */
  totpMultiFactorSecret?: Uint8Array | null;
}

/** The signed-in user: its data plus the operations of the official SDK's user object. */
export interface CurrentUser extends CurrentUserData {
  /**
   * Changes the user's own fields (display name, metadata, the selected team, the TOTP secret); every tab shows it.
   *
   * @example
   * ```ts
   * await user.update({ displayName: 'Ada', clientMetadata: { theme: 'dark' } });
   * ```
   */
  update(update: CurrentUserUpdate): Promise<void>;
  setDisplayName(displayName: string | null): Promise<void>;
  setClientMetadata(metadata: unknown): Promise<void>;
  setSelectedTeam(teamId: string | null): Promise<void>;
  /**
   * Changes the password; a wrong old password comes back as a result. Other sessions end, this one stays.
   *
   * @example
   * ```ts
   * const changed = await user.updatePassword({ oldPassword: 'correct horse battery', newPassword: 'another password' });
   * if (changed.status === 'error') console.log(changed.error.message);
   * ```
   */
  updatePassword(options: { oldPassword: string; newPassword: string }): Promise<Result<undefined, KnownError>>;
  setPassword(options: { password: string }): Promise<Result<undefined, KnownError>>;
  /**
   * Sends the primary e-mail's verification link again.
   *
   * @example
   * ```ts
   * if (!user.primaryEmailVerified) await user.sendVerificationEmail();
   * ```
   */
  sendVerificationEmail(options?: { callbackUrl?: string }): Promise<Result<undefined, KnownError>>;
  /**
   * The user's e-mail addresses (`useContactChannels()` in React).
   *
   * @example
   * ```ts
   * for (const channel of await user.listContactChannels()) {
   *   if (!channel.isVerified) await channel.sendVerificationEmail();
   * }
   * ```
   */
  listContactChannels(): Promise<ContactChannel[]>;
  createContactChannel(options: { value: string; type: 'email'; usedForAuth: boolean; isPrimary?: boolean }): Promise<ContactChannel>;
  /**
   * The user's teams (`useTeams()` in React).
   *
   * @example
   * ```ts
   * const teams = await user.listTeams();
   * ```
   */
  listTeams(): Promise<Team[]>;
  getTeam(teamId: string): Promise<Team | null>;
  /**
   * Needs the project's client team creation; otherwise throws the backend's refusal.
   *
   * @example
   * ```ts
   * const team = await user.createTeam({ displayName: 'Acme' });
   * await user.setSelectedTeam(team.id);
   * ```
   */
  createTeam(options: { displayName: string; profileImageUrl?: string | null }): Promise<Team>;
  leaveTeam(team: TeamRef): Promise<void>;
  getTeamProfile(team: TeamRef): Promise<EditableTeamMemberProfile>;
  listPermissions(team: TeamRef, options?: { recursive?: boolean }): Promise<TeamPermission[]>;
  getPermission(team: TeamRef, permissionId: string): Promise<TeamPermission | null>;
  /**
   * Whether the user holds the permission in the team, directly or contained in another.
   *
   * @example
   * ```ts
   * if (await user.hasPermission(team, 'editor')) console.log('may edit');
   * ```
   */
  hasPermission(team: TeamRef, permissionId: string): Promise<boolean>;
  /**
   * The provider access token of a connected account; null when not connected or missing scopes (or links, with `or: 'redirect'`).
   *
   * @example
   * ```ts
   * const github = await user.getConnectedAccount('github', { scopes: ['repo'] });
   * if (github) console.log((await github.getAccessToken()).accessToken);
   * ```
   */
  getConnectedAccount(providerId: string, options?: GetConnectedAccountOptions): Promise<OAuthConnection | null>;
  /**
   * Links an account of the provider to this user (the browser goes to the provider and comes back to this
   * page). Not in the 2.7 SDK's public API, where only `getConnectedAccount(..., { or: 'redirect' })` links;
   * this one links without asking for a provider token first (which shared OAuth keys never give).
   */
  linkConnectedAccount(providerId: string, options?: { scopes?: string[] }): Promise<void>;
  /**
   * WebAuthn registration in this browser (the project must enable passkeys); a new passkey replaces the old.
   *
   * @example
   * ```ts
   * const registered = await user.registerPasskey();
   * if (registered.status === 'error') console.log(registered.error.code); // e.g. PASSKEY_WEBAUTHN_ERROR
   * ```
   */
  registerPasskey(): Promise<Result<undefined, KnownError>>;
  /**
   * Deletes the account (if the project allows it) and signs out every tab.
   *
   * @example
   * ```ts
   * if (window.confirm('Delete your account?')) await user.delete();
   * ```
   */
  delete(): Promise<void>;
  signOut(): Promise<void>;
  // The SDK's token getters, as on the app (session-tokens.ts): the access token with the worker's opt-in, never the refresh token.
  getAccessToken(): Promise<string | null>;
  getAuthJson(): Promise<{ accessToken: string | null; refreshToken: null }>;
  getAuthorizationHeader(): Promise<string | null>;
  getAuthHeaders(): Promise<{ 'x-stack-auth': string }>;
  getRefreshToken(): Promise<string | null>;
  readonly currentSession: { getTokens(): Promise<{ accessToken: string | null; refreshToken: null }> };
}

export async function fetchCurrentUser(ctx: ClientContext, signOut: () => Promise<void>): Promise<CurrentUser | null> {
  const [body, wire] = await Promise.all([ctx.transport.sendJson(apiCall(api.usersMe)), import('./entity-wire.ts')]);
  if (body === null) return null;
  return bindCurrentUser(ctx, wire.readCurrentUser(body), signOut);
}

/** A user change as the host sent it, checked, and the user it carries (null when it carries none). */
export interface UserChangeRead {
  change: UserChangeData;
  user: CurrentUser | null;
}

/** A user change the session host sent (runtime/host/user-feed.ts), checked with its schema; null when malformed. */
export async function readUserChange(ctx: ClientContext, raw: unknown, signOut: () => Promise<void>): Promise<UserChangeRead | null> {
  // Through the chunk that reads the user at start-up: the first change loads nothing more.
  const change = (await import('./entity-wire.ts')).readUserChange(raw);
  if (!change) return null;
  return { change, user: change.body === undefined ? null : await storedCurrentUser(ctx, change.body, signOut).catch(() => null) };
}

/** The worker's stored /users/me body (JSON text), read with the same schema as a fresh answer. */
export async function storedCurrentUser(ctx: ClientContext, body: string, signOut: () => Promise<void>): Promise<CurrentUser> {
  const wire = await import('./entity-wire.ts');
  return bindCurrentUser(ctx, wire.readCurrentUser(JSON.parse(body) as unknown), signOut);
}

export function bindCurrentUser(ctx: ClientContext, data: CurrentUserData, signOut: () => Promise<void>): CurrentUser {
  const update = async ({ totpMultiFactorSecret: secret, ...patch }: CurrentUserUpdate): Promise<void> => {
    const { readCurrentUser, toUserUpdateWire } = await import('./entity-wire.ts');
    if (secret !== undefined) patch.totpSecretBase64 = secret && totpSecretToBase64(secret);
    const answer = await ctx.transport.sendJson(apiCall(api.usersMeUpdate, { json: toUserUpdateWire(patch) }));
    // The answer is the user: this tab shows it, and the host sends it to the others. Otherwise every
    // tab hears of the change and the host fetches the user once.
    const user = await Promise.resolve(readCurrentUser(answer)).then((data) => bindCurrentUser(ctx, data, signOut), () => null);
    if (user) ctx.userCache.show(user, JSON.stringify(answer));
    else await changed(ctx, [readKey('user')]);
    // The device's passkey manager follows: a removed passkey, a new name.
    if (patch.passkeyAuthEnabled === false && data.passkeyAuthEnabled) signalPasskeyRemoved(data);
    else if (user) signalUserDetails(data, user);
  };
  const passwordCall = async (endpoint: typeof api.passwordUpdate | typeof api.passwordSet, newPassword: string, json: Record<string, string>): Promise<Result<undefined, KnownError>> => {
    const tooShortOrLong = await newPasswordError(newPassword);
    if (tooShortOrLong) return err(tooShortOrLong);
    return asResult(async () => {
      await ctx.transport.sendJson(apiCall(endpoint, { json }));
      await changed(ctx, [readKey('user')]);
      return undefined;
    }, ['PASSWORD_CONFIRMATION_MISMATCH', 'PASSWORD_REQUIREMENTS_NOT_MET']);
  };

  return {
    ...data,
    update,
    setDisplayName: (displayName) => update({ displayName }),
    setClientMetadata: (clientMetadata) => update({ clientMetadata }),
    setSelectedTeam: (selectedTeamId) => update({ selectedTeamId }),
    updatePassword: ({ oldPassword, newPassword }) => passwordCall(api.passwordUpdate, newPassword, { old_password: oldPassword, new_password: newPassword }),
    setPassword: ({ password }) => passwordCall(api.passwordSet, password, { password }),
    async sendVerificationEmail(options = {}) {
      if (!data.primaryEmail) throw new Error('authworker: the user has no primary e-mail to verify.');
      const callbackUrl = requireCallbackUrl('send verification email', options.callbackUrl, ctx.urls.emailVerification, ctx.currentUrl());
      return asResult(async () => {
        await ctx.transport.sendJson(
          apiCall(api.contactChannelsLegacySendVerificationCode, { json: { email: data.primaryEmail, callback_url: callbackUrl } }),
        );
        return undefined;
      }, ['EMAIL_ALREADY_VERIFIED']);
    },
    listContactChannels: () => listContactChannels(ctx),
    createContactChannel: (options) => createContactChannel(ctx, options),
    listTeams: () => teams.listTeams(ctx),
    getTeam: (teamId) => teams.getTeam(ctx, teamId),
    createTeam: (options) => teams.createTeam(ctx, options),
    leaveTeam: (team) => teams.leaveTeam(ctx, team),
    getTeamProfile: (team) => teams.getTeamProfile(ctx, team),
    listPermissions: (team, options) => teams.listPermissions(ctx, team, options),
    getPermission: (team, permissionId) => teams.getPermission(ctx, team, permissionId),
    hasPermission: (team, permissionId) => teams.hasPermission(ctx, team, permissionId),
    getConnectedAccount: (providerId, options) => getConnectedAccount(ctx, providerId, options),
    linkConnectedAccount: (providerId, options) => linkOAuthAccount(ctx, providerId, options),
    registerPasskey: () => registerPasskey(ctx, data.id),
    async delete() {
      ctx.sessionChanged(await ctx.backend.call('deleteUser'));
    },
    signOut,
    getAccessToken: () => tokens.accessToken(ctx),
    getAuthJson: () => tokens.authJson(ctx),
    getAuthorizationHeader: () => tokens.authorizationHeader(ctx),
    getAuthHeaders: () => tokens.authHeaders(ctx),
    getRefreshToken: () => tokens.refreshTokenRefusal('getRefreshToken'),
    currentSession: { getTokens: () => tokens.authJson(ctx, 'currentSession.getTokens') },
  };
}

// The user update of PATCH /users/me and PATCH /users/{id}, shared by both routes.
import { hashPassword, INVALID_PASSWORD_HASH, isSupportedPasswordHash } from '../auth/password-hash.ts';
import { revokeUserRefreshTokens } from '../auth/refresh-tokens.ts';
import { KnownError, type Dialect } from '../core/known-errors.ts';
import { getProject } from './projects.ts';
import { serverUserView } from './user-views.ts';
import { emitWebhookEvent } from '../webhooks/events.ts';
import { getMembership } from './teams.ts';
import { getUser, updateUser, type UserPatch } from './users.ts';
import { StatusError } from '../core/status-error.ts';
import type { Services } from './services.ts';
import { checkPasswordRequirements } from './password-policy.ts';
import { primaryEmailChannel, type UserRecord } from './user-record.ts';
import type { ContactChannelRow } from '../db/schema.ts';

/** A validated user update (its request schema: http/user-update-schema.ts); a client's carries only the client fields. */
export interface ServerUserUpdate {
  display_name?: string | null;
  profile_image_url?: string | null;
  client_metadata?: unknown;
  selected_team_id?: string | null;
  totp_secret_base64?: string | null;
  otp_auth_enabled?: boolean;
  passkey_auth_enabled?: boolean;
  client_read_only_metadata?: unknown;
  server_metadata?: unknown;
  primary_email?: string | null;
  primary_email_verified?: boolean;
  primary_email_auth_enabled?: boolean;
  password?: string | null;
  password_hash?: string;
}

const BASE64_IMAGE = /^data:image\/(png|jpg|jpeg|gif|bmp|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
const BARE_BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

const jsonText = (value: unknown) => (value === null ? null : JSON.stringify(value));

async function updatePrimaryEmail(services: Services, user: UserRecord, update: ServerUserUpdate, dialect: Dialect): Promise<void> {
  const db = services.db;
  const primary = primaryEmailChannel(user);
  if (update.primary_email === null) {
    if (primary) await db.deleteFrom('contact_channels').where('id', '=', primary.id).execute();
    return;
  }
  const value = update.primary_email ?? primary?.value;
  if (value === undefined) return;
  const usedForAuth = update.primary_email_auth_enabled ?? primary?.used_for_auth ?? false;
  if (usedForAuth) {
    const clash = await db
      .selectFrom('contact_channels')
      .select('user_id')
      .where('project_id', '=', user.row.project_id)
      .where('type', '=', 'email')
      .where('value', '=', value)
      .where('used_for_auth', '=', true)
      .where('user_id', '!=', user.row.id)
      .executeTakeFirst();
    if (clash) throw new KnownError('USER_EMAIL_ALREADY_EXISTS', { email: value, would_work_if_email_was_verified: false });
  }
  const other = user.channels.find((ch) => ch.type === 'email' && !ch.is_primary && ch.value === value);
  if (other) {
    await promoteChannel(services, primary, other, { usedForAuth, verified: update.primary_email_verified ?? other.is_verified });
    return;
  }
  // The 2.7 backend edits the channel's value in place (its verification stays); the current one resets it.
  const resetsVerification = dialect === 'current' && primary !== null && primary.value !== value;
  const verified = update.primary_email_verified ?? (resetsVerification ? false : primary?.is_verified ?? false);
  if (primary) {
    await db
      .updateTable('contact_channels')
      .set({ value, is_verified: verified, used_for_auth: usedForAuth })
      .where('id', '=', primary.id)
      .execute();
  } else {
    await db
      .insertInto('contact_channels')
      .values({
        id: crypto.randomUUID(),
        project_id: user.row.project_id,
        user_id: user.row.id,
        type: 'email',
        value,
        is_verified: verified,
        is_primary: true,
        used_for_auth: usedForAuth,
        created_at_millis: services.clock.now(),
      })
      .execute();
  }
}

/**
 * A primary e-mail the user already has as another contact channel: as the current backend, that channel becomes the
 * primary one (keeping its verification unless the update sets it) and the old primary stays as a secondary channel.
 */
async function promoteChannel(
  services: Services,
  primary: ContactChannelRow | null,
  channel: ContactChannelRow,
  o: { usedForAuth: boolean; verified: boolean },
): Promise<void> {
  await services.db.transaction().execute(async (tx) => {
    if (primary) await tx.updateTable('contact_channels').set({ is_primary: false }).where('id', '=', primary.id).execute();
    await tx.updateTable('contact_channels').set({ is_primary: true, is_verified: o.verified, used_for_auth: o.usedForAuth }).where('id', '=', channel.id).execute();
  });
}

/** Applies an update (client fields only for client access); returns the reloaded user. */
export async function applyUserUpdate(
  services: Services,
  user: UserRecord,
  update: ServerUserUpdate,
  fromClient: boolean,
  dialect: Dialect,
): Promise<UserRecord> {
  const projectId = user.row.project_id;
  const patch: UserPatch = {};
  if (update.display_name !== undefined) patch.display_name = update.display_name === '' ? null : update.display_name;
  if (update.profile_image_url !== undefined) {
    const url = update.profile_image_url;
    if (fromClient && url !== null && !BASE64_IMAGE.test(url) && !BARE_BASE64.test(url)) {
      throw new StatusError(400, 'Invalid profile image URL');
    }
    patch.profile_image_url = url;
  }
  if (update.client_metadata !== undefined) patch.client_metadata = jsonText(update.client_metadata);
  if (update.client_read_only_metadata !== undefined) patch.client_read_only_metadata = jsonText(update.client_read_only_metadata);
  if (update.server_metadata !== undefined) patch.server_metadata = jsonText(update.server_metadata);
  if (update.totp_secret_base64 !== undefined) patch.totp_secret_base64 = update.totp_secret_base64;
  if (update.otp_auth_enabled !== undefined) {
    // Enabling adds the project's OTP method, so it only takes where magic link is on; elsewhere nothing changes, without an error.
    const projectHasOtp = (await getProject(services.db, projectId))?.config.magic_link_enabled ?? false;
    if (!update.otp_auth_enabled || projectHasOtp) patch.otp_auth_enabled = update.otp_auth_enabled;
  }
  if (update.passkey_auth_enabled === true) {
    throw new StatusError(400, 'Cannot manually enable passkey auth, it is enabled iff there is a passkey auth method');
  }
  if (update.passkey_auth_enabled === false) await services.db.deleteFrom('passkeys').where('user_id', '=', user.row.id).execute();
  if (update.selected_team_id !== undefined) {
    if (update.selected_team_id !== null && !(await getMembership(services.db, projectId, update.selected_team_id, user.row.id))) {
      throw new KnownError('TEAM_MEMBERSHIP_NOT_FOUND', { team_id: update.selected_team_id, user_id: user.row.id });
    }
    patch.selected_team_id = update.selected_team_id;
  }
  if (update.password !== undefined && update.password_hash !== undefined) {
    throw new StatusError(400, 'Cannot set both password and password_hash at the same time.');
  }
  let revokeSessions = false;
  if (update.password !== undefined) {
    if (update.password !== null) checkPasswordRequirements(update.password);
    patch.password_hash = update.password === null ? null : await hashPassword(update.password);
    revokeSessions = true;
  }
  if (update.password_hash !== undefined) {
    if (!isSupportedPasswordHash(update.password_hash)) throw new StatusError(400, INVALID_PASSWORD_HASH);
    patch.password_hash = update.password_hash;
    revokeSessions = true;
  }
  if (update.primary_email !== undefined || update.primary_email_verified !== undefined || update.primary_email_auth_enabled !== undefined) {
    await updatePrimaryEmail(services, user, update, dialect);
  }
  await updateUser(services.db, projectId, user.row.id, patch);
  if (revokeSessions) await revokeUserRefreshTokens(services.db, projectId, user.row.id);
  const reloaded = await getUser(services.db, projectId, user.row.id);
  if (!reloaded) throw new KnownError('USER_NOT_FOUND');
  await emitWebhookEvent(services.db, projectId, 'user.updated', serverUserView(reloaded, services.dialect));
  return reloaded;
}

// Users of the project: list, create, read, update, delete, as camelCase data.

import { ENDPOINTS } from '../protocol/endpoints.ts';
import { dropUndefined } from '../protocol/schemas/common.ts';
import { toServerUser, toUserUpdateWire, type ServerUserData } from '../protocol/schemas/user.ts';
import { callEndpoint, orNullOn, queryValue, type AppContext } from './context.ts';

/** `createUser` options, as in the official SDK. */
export interface ServerUserCreateOptions {
  primaryEmail?: string | null;
  primaryEmailAuthEnabled?: boolean;
  primaryEmailVerified?: boolean;
  password?: string;
  otpAuthEnabled?: boolean;
  displayName?: string | null;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
}

/** `serverUser.update` options, as in the official SDK (plus the OTP and passkey switches the backend accepts). */
export interface ServerUserUpdateOptions {
  displayName?: string | null;
  profileImageUrl?: string | null;
  primaryEmail?: string | null;
  primaryEmailVerified?: boolean;
  primaryEmailAuthEnabled?: boolean;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
  selectedTeamId?: string | null;
  /** Sets the password; the backend then revokes every session of the user. */
  password?: string;
  /** The raw TOTP secret (the SDK uses 20 random bytes); null turns multi-factor authentication off. */
  totpMultiFactorSecret?: Uint8Array | null;
  otpAuthEnabled?: boolean;
  /** Only false: deletes the passkey. */
  passkeyAuthEnabled?: false;
}

export interface ListUsersOptions {
  /** The id of the first user of the page (from `nextCursor`). */
  cursor?: string;
  limit?: number;
  orderBy?: 'signedUpAt';
  desc?: boolean;
  /** Substring of display name or e-mail, or an exact user id. */
  query?: string;
  /** Only members of this team. */
  teamId?: string;
}

export interface UserPage {
  items: ServerUserData[];
  nextCursor: string | null;
}

/** Standard base64 (with padding) of raw bytes, as `totp_secret_base64` expects. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function toServerUserCreateWire(options: ServerUserCreateOptions): Record<string, unknown> {
  return dropUndefined({
    primary_email: options.primaryEmail,
    password: options.password,
    otp_auth_enabled: options.otpAuthEnabled,
    primary_email_auth_enabled: options.primaryEmailAuthEnabled,
    display_name: options.displayName,
    primary_email_verified: options.primaryEmailVerified,
    client_metadata: options.clientMetadata,
    client_read_only_metadata: options.clientReadOnlyMetadata,
    server_metadata: options.serverMetadata,
  });
}

export function toServerUserUpdateWire(options: ServerUserUpdateOptions): Record<string, unknown> {
  const { totpMultiFactorSecret, ...rest } = options;
  const totpSecretBase64 = totpMultiFactorSecret === undefined ? undefined : totpMultiFactorSecret === null ? null : bytesToBase64(totpMultiFactorSecret);
  return toUserUpdateWire({ ...rest, ...(totpSecretBase64 === undefined ? {} : { totpSecretBase64 }) });
}

export async function listUsers(ctx: AppContext, options: ListUsersOptions = {}): Promise<UserPage> {
  const wire = await callEndpoint(ctx, ENDPOINTS.usersList, {
    query: {
      cursor: options.cursor,
      limit: queryValue(options.limit),
      order_by: options.orderBy === 'signedUpAt' ? 'signed_up_at' : undefined,
      desc: options.desc === undefined ? undefined : options.desc ? 'true' : 'false',
      query: options.query,
      team_id: options.teamId,
    },
  });
  return { items: wire.items.map(toServerUser), nextCursor: wire.pagination.next_cursor };
}

export async function createUser(ctx: AppContext, options: ServerUserCreateOptions): Promise<ServerUserData> {
  return toServerUser(await callEndpoint(ctx, ENDPOINTS.usersCreate, { body: toServerUserCreateWire(options) }));
}

/** null for an unknown id (USER_NOT_FOUND), as the SDK's `getUser(id)`; any other error rejects. */
export function getUser(ctx: AppContext, userId: string): Promise<ServerUserData | null> {
  return orNullOn('USER_NOT_FOUND', async () => toServerUser(await callEndpoint(ctx, ENDPOINTS.usersGet, { params: { user_id: userId } })));
}

export async function updateUser(ctx: AppContext, userId: string, options: ServerUserUpdateOptions): Promise<ServerUserData> {
  return toServerUser(await callEndpoint(ctx, ENDPOINTS.usersUpdate, { params: { user_id: userId }, body: toServerUserUpdateWire(options) }));
}

export async function deleteUser(ctx: AppContext, userId: string): Promise<void> {
  // The SDK sends an empty JSON object with the DELETE.
  await callEndpoint(ctx, ENDPOINTS.usersDelete, { params: { user_id: userId }, body: {} });
}

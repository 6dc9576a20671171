// Users and their primary e-mail: storage operations used by the auth and user routes.
import type { Kysely, Updateable } from 'kysely';
import type { Database, UsersTable } from '../db/schema.ts';
import { KnownError } from '../core/known-errors.ts';
import type { TokenSubject } from '../auth/access-tokens.ts';
import type { ProjectConfig } from './projects.ts';
import { addTeamMember, createTeam, personalTeamName } from './teams.ts';
import { loadUserRecords, selectUserRecords, type UserRecord } from './user-record.ts';
import { serverUserView } from './user-views.ts';
import type { Dialect } from '../core/known-errors.ts';
import { emitWebhookEvent } from '../webhooks/events.ts';

/**
 * What an access token says about its user, in one query: a refresh needs only this, not the whole
 * user record (channels, team, accounts and passkeys aggregated), and refreshes are the emulator's most frequent write path.
 */
export async function getTokenSubject(db: Kysely<Database>, projectId: string, userId: string): Promise<TokenSubject | null> {
  const row = await db
    .selectFrom('users')
    .leftJoin('contact_channels as primary', (join) =>
      join.onRef('primary.user_id', '=', 'users.id').on('primary.type', '=', 'email').on('primary.is_primary', '=', true),
    )
    .select(['users.id', 'users.display_name', 'users.selected_team_id', 'users.signed_up_at_millis', 'users.totp_secret_base64', 'users.is_anonymous', 'primary.value', 'primary.is_verified'])
    .where('users.project_id', '=', projectId)
    .where('users.id', '=', userId)
    .orderBy('primary.created_at_millis')
    .orderBy('primary.id')
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    displayName: row.display_name,
    primaryEmail: row.value ?? null,
    primaryEmailVerified: row.is_verified ?? false,
    selectedTeamId: row.selected_team_id,
    signedUpAtMillis: row.signed_up_at_millis,
    requiresTotpMfa: row.totp_secret_base64 !== null,
    isAnonymous: row.is_anonymous,
  };
}

export async function getUser(db: Kysely<Database>, projectId: string, userId: string): Promise<UserRecord | null> {
  const [user] = await loadUserRecords(selectUserRecords(db, projectId).where('users.id', '=', userId));
  return user ?? null;
}

/** Several users by id, in one query, in the order of `ids` (ids of no user are left out). */
export async function getUsers(db: Kysely<Database>, projectId: string, ids: readonly string[]): Promise<UserRecord[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await loadUserRecords(selectUserRecords(db, projectId).where('users.id', 'in', ids))).map((u) => [u.row.id, u]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The newest sign-ups first (ties by id, descending), in one query. */
export function newestUsers(db: Kysely<Database>, projectId: string, limit: number): Promise<UserRecord[]> {
  return loadUserRecords(selectUserRecords(db, projectId).orderBy('users.signed_up_at_millis', 'desc').orderBy('users.id', 'desc').limit(limit));
}

export async function countUsers(db: Kysely<Database>, projectId: string): Promise<number> {
  const { n } = await db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
  return Number(n);
}

export interface UserListQuery {
  /** Newest sign-ups first. */
  desc?: boolean;
  /** A user id, or text found (case-insensitively) in the display name or a contact channel. */
  query?: string;
  /** Members of this team only. */
  teamId?: string;
  /** The id of the first user of the page (inclusive); an id not in the list gives an empty page. */
  cursor?: string;
  limit?: number;
  /** Anonymous users are left out unless asked for, as the service's `include_anonymous`; `only` lists only them. */
  anonymous?: 'exclude' | 'include' | 'only';
}

function matchesQuery(user: UserRecord, query: string): boolean {
  const needle = query.toLowerCase();
  if (user.row.id === query) return true;
  if (user.row.display_name?.toLowerCase().includes(needle)) return true;
  return user.channels.some((c) => c.value.toLowerCase().includes(needle));
}

/** GET /users: ordered by sign-up time then id, filtered, one page; one query whatever the page size. */
export async function listUsers(db: Kysely<Database>, projectId: string, q: UserListQuery): Promise<{ users: UserRecord[]; nextCursor: string | null }> {
  const direction = q.desc ? 'desc' : 'asc';
  let query = selectUserRecords(db, projectId).orderBy('users.signed_up_at_millis', direction).orderBy('users.id', direction);
  if ((q.anonymous ?? 'exclude') !== 'include') query = query.where('users.is_anonymous', '=', q.anonymous === 'only');
  const teamId = q.teamId;
  if (teamId !== undefined) {
    query = query.where(({ exists, selectFrom }) => exists(selectFrom('team_members').select('team_members.user_id').where('team_members.team_id', '=', teamId).whereRef('team_members.user_id', '=', 'users.id')));
  }
  let users = await loadUserRecords(query);
  if (q.query !== undefined) {
    const text = q.query;
    users = users.filter((u) => matchesQuery(u, text));
  }
  if (q.cursor !== undefined) {
    const start = users.findIndex((u) => u.row.id === q.cursor);
    users = start < 0 ? [] : users.slice(start);
  }
  let nextCursor: string | null = null;
  if (q.limit !== undefined && users.length > q.limit) {
    nextCursor = users[q.limit]?.row.id ?? null;
    users = users.slice(0, q.limit);
  }
  return { users, nextCursor };
}

/** The user whose auth-enabled e-mail channel equals `email`, if any. */
export async function findUserByAuthEmail(db: Kysely<Database>, projectId: string, email: string): Promise<UserRecord | null> {
  const channel = await db
    .selectFrom('contact_channels')
    .select('user_id')
    .where('project_id', '=', projectId)
    .where('type', '=', 'email')
    .where('value', '=', email)
    .where('used_for_auth', '=', true)
    .executeTakeFirst();
  return channel ? getUser(db, projectId, channel.user_id) : null;
}

export interface NewUserData {
  primaryEmail?: string | null;
  primaryEmailVerified?: boolean;
  primaryEmailAuthEnabled?: boolean;
  passwordHash?: string | null;
  displayName?: string | null;
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
  otpAuthEnabled?: boolean;
  totpSecretBase64?: string | null;
  /** An anonymous user (POST /auth/anonymous/sign-up): no e-mail, restricted until upgraded. */
  isAnonymous?: boolean;
  /** Provider accounts the user signs in with (stored with the user, before user.created is announced). */
  oauthAccounts?: { providerId: string; accountId: string; email: string | null }[];
  /** The dialect of the user view its webhook carries: the emulator's (Services.dialect), default current. */
  webhookDialect?: Dialect;
}

const jsonOrNull = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** The new user's primary e-mail and whether it signs in; refused when another user signs in with it. */
async function checkNewAuthEmail(db: Kysely<Database>, projectId: string, data: NewUserData): Promise<{ email: string | null; authEnabled: boolean }> {
  const email = data.primaryEmail ?? null;
  const authEnabled = email !== null && (data.primaryEmailAuthEnabled ?? false);
  if (email !== null && authEnabled && (await findUserByAuthEmail(db, projectId, email))) {
    throw new KnownError('USER_EMAIL_ALREADY_EXISTS', { email, would_work_if_email_was_verified: false });
  }
  return { email, authEnabled };
}

export async function createUser(
  db: Kysely<Database>,
  projectId: string,
  nowMillis: number,
  data: NewUserData,
): Promise<UserRecord> {
  const { email, authEnabled } = await checkNewAuthEmail(db, projectId, data);
  const id = crypto.randomUUID();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('users')
      .values({
        id,
        project_id: projectId,
        display_name: data.displayName === '' ? null : data.displayName ?? null,
        profile_image_url: data.profileImageUrl ?? null,
        client_metadata: jsonOrNull(data.clientMetadata),
        client_read_only_metadata: jsonOrNull(data.clientReadOnlyMetadata),
        server_metadata: jsonOrNull(data.serverMetadata),
        password_hash: data.passwordHash ?? null,
        otp_auth_enabled: data.otpAuthEnabled ?? false,
        totp_secret_base64: data.totpSecretBase64 ?? null,
        selected_team_id: null,
        signed_up_at_millis: nowMillis,
        last_active_at_millis: nowMillis,
        is_anonymous: data.isAnonymous ?? false,
      })
      .execute();
    if (email !== null) {
      await tx
        .insertInto('contact_channels')
        .values({
          id: crypto.randomUUID(),
          project_id: projectId,
          user_id: id,
          type: 'email',
          value: email,
          is_verified: data.primaryEmailVerified ?? false,
          is_primary: true,
          used_for_auth: authEnabled,
          created_at_millis: nowMillis,
        })
        .execute();
    }
  });
  for (const account of data.oauthAccounts ?? []) {
    await db
      .insertInto('oauth_accounts')
      .values({ project_id: projectId, provider_id: account.providerId, account_id: account.accountId, user_id: id, email: account.email, created_at_millis: nowMillis })
      .execute();
  }
  const created = await getUser(db, projectId, id);
  if (!created) throw new Error(`user ${id} vanished after insert`);
  await emitWebhookEvent(db, projectId, 'user.created', serverUserView(created, data.webhookDialect ?? 'current'));
  await createPersonalTeam(db, projectId, id, { displayName: data.displayName ?? null, primaryEmail: email }, nowMillis);
  return (await getUser(db, projectId, id)) ?? created;
}

/**
 * A sign-up made with an anonymous user's session upgrades that user in place (the service's
 * createOrUpgradeAnonymousUser): same id, team and sessions, now with the sign-up's e-mail and methods; announced as
 * user.updated. Any other current user (or none) gets a new user.
 */
export async function createOrUpgradeAnonymousUser(
  db: Kysely<Database>,
  projectId: string,
  nowMillis: number,
  current: UserRecord | null,
  data: NewUserData,
): Promise<UserRecord> {
  if (!current?.row.is_anonymous) return createUser(db, projectId, nowMillis, data);
  const { email, authEnabled } = await checkNewAuthEmail(db, projectId, data);
  const id = current.row.id;
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('users')
      .set({
        is_anonymous: false,
        ...(data.displayName === undefined ? {} : { display_name: data.displayName === '' ? null : data.displayName }),
        ...(data.passwordHash === undefined ? {} : { password_hash: data.passwordHash }),
        ...(data.otpAuthEnabled === undefined ? {} : { otp_auth_enabled: data.otpAuthEnabled }),
      })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
    if (email !== null) {
      await tx
        .insertInto('contact_channels')
        .values({ id: crypto.randomUUID(), project_id: projectId, user_id: id, type: 'email', value: email, is_verified: data.primaryEmailVerified ?? false, is_primary: true, used_for_auth: authEnabled, created_at_millis: nowMillis })
        .execute();
    }
    for (const account of data.oauthAccounts ?? []) {
      await tx
        .insertInto('oauth_accounts')
        .values({ project_id: projectId, provider_id: account.providerId, account_id: account.accountId, user_id: id, email: account.email, created_at_millis: nowMillis })
        .execute();
    }
  });
  const upgraded = await getUser(db, projectId, id);
  if (!upgraded) throw new Error(`user ${id} vanished while upgraded`);
  await emitWebhookEvent(db, projectId, 'user.updated', serverUserView(upgraded, data.webhookDialect ?? 'current'));
  return upgraded;
}

/** `create_team_on_sign_up`: every new user gets a team of their own, as its creator. */
async function createPersonalTeam(
  db: Kysely<Database>,
  projectId: string,
  userId: string,
  names: { displayName: string | null; primaryEmail: string | null },
  nowMillis: number,
): Promise<void> {
  const project = await db.selectFrom('projects').select('config').where('id', '=', projectId).executeTakeFirst();
  const config = project?.config as ProjectConfig | undefined;
  if (!config?.create_team_on_sign_up) return;
  const team = await createTeam(db, projectId, { display_name: personalTeamName(names.displayName || null, names.primaryEmail) }, nowMillis);
  await addTeamMember(db, projectId, config, { teamId: team.id, userId, kind: 'creator', nowMillis });
}

export type UserPatch = Omit<Updateable<UsersTable>, 'id' | 'project_id'>;

export async function updateUser(db: Kysely<Database>, projectId: string, userId: string, patch: UserPatch): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('users').set(patch).where('project_id', '=', projectId).where('id', '=', userId).execute();
}

/** Records an activity event (a trigger keeps the history for /internal/metrics), with the request's country. */
export async function touchLastActive(db: Kysely<Database>, userId: string, nowMillis: number, countryCode: string | null = null): Promise<void> {
  await db.updateTable('users').set({ last_active_at_millis: nowMillis, last_active_country_code: countryCode }).where('id', '=', userId).execute();
}

export async function deleteUser(db: Kysely<Database>, projectId: string, userId: string): Promise<boolean> {
  const teams = await db.selectFrom('team_members').select('team_id').where('project_id', '=', projectId).where('user_id', '=', userId).orderBy('created_at_millis').execute();
  const result = await db.deleteFrom('users').where('project_id', '=', projectId).where('id', '=', userId).executeTakeFirst();
  if (result.numDeletedRows === 0n) return false;
  // The shape of a deleted user in webhook events: the id and the teams the user was in.
  await emitWebhookEvent(db, projectId, 'user.deleted', { id: userId, teams: teams.map((t) => ({ id: t.team_id })) });
  return true;
}

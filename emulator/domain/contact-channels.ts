// Contact channels: storage and the wire view.
import type { Kysely } from 'kysely';
import type { ContactChannelRow, Database } from '../db/schema.ts';
import { KnownError } from '../core/known-errors.ts';
import { StatusError } from '../core/status-error.ts';

export function contactChannelView(row: ContactChannelRow) {
  return {
    user_id: row.user_id,
    id: row.id,
    value: row.value,
    type: row.type,
    used_for_auth: row.used_for_auth,
    is_verified: row.is_verified,
    is_primary: row.is_primary,
  };
}

export async function listContactChannels(db: Kysely<Database>, projectId: string, userId: string): Promise<ContactChannelRow[]> {
  return db
    .selectFrom('contact_channels')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .orderBy('created_at_millis')
    .orderBy('id')
    .execute();
}

export const CONTACT_CHANNEL_NOT_FOUND = 'Contact channel not found';

export async function findContactChannel(db: Kysely<Database>, projectId: string, userId: string, id: string): Promise<ContactChannelRow | null> {
  const row = await db
    .selectFrom('contact_channels')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function getContactChannel(db: Kysely<Database>, projectId: string, userId: string, id: string): Promise<ContactChannelRow> {
  const row = await findContactChannel(db, projectId, userId, id);
  if (!row) throw new StatusError(404, CONTACT_CHANNEL_NOT_FOUND);
  return row;
}

async function assertAuthValueFree(db: Kysely<Database>, projectId: string, userId: string, value: string): Promise<void> {
  const clash = await db
    .selectFrom('contact_channels')
    .select('id')
    .where('project_id', '=', projectId)
    .where('type', '=', 'email')
    .where('value', '=', value)
    .where('used_for_auth', '=', true)
    .where('user_id', '!=', userId)
    .executeTakeFirst();
  if (clash) {
    throw new KnownError('CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE', {
      type: 'email',
      contact_channel_value: value,
      would_work_if_email_was_verified: false,
    });
  }
}

export interface ChannelInput {
  value: string;
  usedForAuth: boolean;
  isPrimary: boolean;
  isVerified: boolean;
}

export async function createContactChannel(
  db: Kysely<Database>,
  projectId: string,
  userId: string,
  input: ChannelInput,
  nowMillis: number,
): Promise<ContactChannelRow> {
  const existing = await listContactChannels(db, projectId, userId);
  if (existing.some((c) => c.type === 'email' && c.value === input.value)) throw new StatusError(400, 'Contact channel already exists');
  if (input.usedForAuth) await assertAuthValueFree(db, projectId, userId, input.value);
  const row: ContactChannelRow = {
    id: crypto.randomUUID(),
    project_id: projectId,
    user_id: userId,
    type: 'email',
    value: input.value,
    is_verified: input.isVerified,
    is_primary: input.isPrimary,
    used_for_auth: input.usedForAuth,
    created_at_millis: nowMillis,
  };
  await db.transaction().execute(async (tx) => {
    if (input.isPrimary) await tx.updateTable('contact_channels').set({ is_primary: false }).where('user_id', '=', userId).execute();
    await tx.insertInto('contact_channels').values(row).execute();
  });
  return row;
}

export async function updateContactChannel(
  db: Kysely<Database>,
  channel: ContactChannelRow,
  patch: { value?: string; usedForAuth?: boolean; isPrimary?: boolean; isVerified?: boolean },
): Promise<ContactChannelRow> {
  const value = patch.value ?? channel.value;
  const usedForAuth = patch.usedForAuth ?? channel.used_for_auth;
  if (value !== channel.value) {
    const existing = await listContactChannels(db, channel.project_id, channel.user_id);
    if (existing.some((c) => c.id !== channel.id && c.value === value)) throw new StatusError(400, 'Contact channel already exists');
  }
  if (usedForAuth) await assertAuthValueFree(db, channel.project_id, channel.user_id, value);
  // A new value is unverified unless the caller says otherwise.
  const isVerified = patch.isVerified ?? (value !== channel.value ? false : channel.is_verified);
  const isPrimary = patch.isPrimary ?? channel.is_primary;
  await db.transaction().execute(async (tx) => {
    if (patch.isPrimary) await tx.updateTable('contact_channels').set({ is_primary: false }).where('user_id', '=', channel.user_id).execute();
    await tx
      .updateTable('contact_channels')
      .set({ value, used_for_auth: usedForAuth, is_verified: isVerified, is_primary: isPrimary })
      .where('id', '=', channel.id)
      .execute();
  });
  return { ...channel, value, used_for_auth: usedForAuth, is_verified: isVerified, is_primary: isPrimary };
}

export async function deleteContactChannel(db: Kysely<Database>, channelId: string): Promise<void> {
  await db.deleteFrom('contact_channels').where('id', '=', channelId).execute();
}

/** Receiving a code at `email` proves the address: the user's channels with that value become verified. */
export async function markEmailVerified(db: Kysely<Database>, userId: string, email: string): Promise<void> {
  await db.updateTable('contact_channels').set({ is_verified: true }).where('user_id', '=', userId).where('value', '=', email).execute();
}

// Contact channel: same fields for every access type.
import * as z from 'zod/mini';
import { dropUndefined } from './common.ts';

export const contactChannelSchema = z.object({
  user_id: z.string(),
  id: z.string(),
  value: z.string(),
  // Only "email" exists today; kept open so a newer channel type does not fail a whole list.
  type: z.string(),
  used_for_auth: z.boolean(),
  is_verified: z.boolean(),
  is_primary: z.boolean(),
});
export type ContactChannelWire = z.output<typeof contactChannelSchema>;

export interface ContactChannelData {
  id: string;
  userId: string;
  value: string;
  type: 'email' | (string & {});
  usedForAuth: boolean;
  isVerified: boolean;
  isPrimary: boolean;
}

export function toContactChannel(wire: ContactChannelWire): ContactChannelData {
  return {
    id: wire.id,
    userId: wire.user_id,
    value: wire.value,
    type: wire.type,
    usedForAuth: wire.used_for_auth,
    isVerified: wire.is_verified,
    isPrimary: wire.is_primary,
  };
}

export interface ContactChannelCreate {
  userId: string;
  value: string;
  type: 'email';
  usedForAuth: boolean;
  isPrimary?: boolean;
  /** Server/admin only. */
  isVerified?: boolean;
}

export type ContactChannelUpdate = Partial<Omit<ContactChannelCreate, 'userId'>>;

export function toContactChannelCreateWire(create: ContactChannelCreate): Record<string, unknown> {
  return dropUndefined({
    user_id: create.userId,
    value: create.value,
    type: create.type,
    used_for_auth: create.usedForAuth,
    is_primary: create.isPrimary,
    is_verified: create.isVerified,
  });
}

export function toContactChannelUpdateWire(update: ContactChannelUpdate): Record<string, unknown> {
  return dropUndefined({
    value: update.value,
    type: update.type,
    used_for_auth: update.usedForAuth,
    is_primary: update.isPrimary,
    is_verified: update.isVerified,
  });
}

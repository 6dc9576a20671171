// `me` in path and query parameters: the signed-in user's id, else CANNOT_GET_OWN_USER_WITHOUT_USER.
import type { Auth } from './env.ts';
import { KnownError } from '../core/known-errors.ts';

export function resolveMe(auth: Auth, userId: string): string;
export function resolveMe(auth: Auth, userId: string | undefined): string | undefined;
export function resolveMe(auth: Auth, userId: string | undefined): string | undefined {
  if (userId !== 'me') return userId;
  if (!auth.user) throw new KnownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
  return auth.user.row.id;
}

/** The signed-in user's id, or USER_AUTHENTICATION_REQUIRED (the teams and invitations logic). */
export function requireUserId(auth: Auth): string {
  if (!auth.user) throw new KnownError('USER_AUTHENTICATION_REQUIRED');
  return auth.user.row.id;
}

/** The signed-in user's id, or CANNOT_GET_OWN_USER_WITHOUT_USER (client checks of the CRUD handlers). */
export function currentUserId(auth: Auth): string {
  if (!auth.user) throw new KnownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
  return auth.user.row.id;
}

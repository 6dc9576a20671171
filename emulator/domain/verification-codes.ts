// One-time codes behind e-mail links and OTPs: 45 lowercase base32 chars, 7 days,
// at most 20 attempts per nonce (the last 39 chars), matched case-insensitively.
import { sql, type Kysely } from 'kysely';
import type { Database, VerificationCodeRow } from '../db/schema.ts';
import { KnownError } from '../core/known-errors.ts';
import { generateSecureRandomString } from '../../runtime/protocol/headers.ts';

export type VerificationCodeType =
  | 'password_reset'
  | 'otp_sign_in'
  | 'contact_channel_verification'
  | 'team_invitation'
  | 'mfa_attempt'
  | 'passkey_registration_challenge'
  | 'passkey_authentication_challenge';

const CODE_LIFETIME_MILLIS = 7 * 24 * 60 * 60 * 1000;
const MAX_ATTEMPTS = 20;
const OTP_LENGTH = 6;

export async function createVerificationCode(
  db: Kysely<Database>,
  o: { projectId: string; type: VerificationCodeType; data: Record<string, unknown>; nowMillis: number; lifetimeMillis?: number },
): Promise<string> {
  const code = generateSecureRandomString();
  await db
    .insertInto('verification_codes')
    .values({
      id: crypto.randomUUID(),
      project_id: o.projectId,
      type: o.type,
      code,
      data: JSON.stringify(o.data),
      created_at_millis: o.nowMillis,
      expires_at_millis: o.nowMillis + (o.lifetimeMillis ?? CODE_LIFETIME_MILLIS),
      used_at_millis: null,
    })
    .execute();
  return code;
}

/** `callback_url` with `code` set (replacing any existing one). */
export function codeLink(callbackUrl: string, code: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('code', code);
  return url.toString();
}

/** The OTP shown in magic-link e-mails: the first 6 chars, uppercased; the nonce is the rest. */
export function splitOtp(code: string): { otp: string; nonce: string } {
  return { otp: code.slice(0, OTP_LENGTH).toUpperCase(), nonce: code.slice(OTP_LENGTH) };
}

/**
 * Checks a submitted code: counts the attempt for every code sharing its nonce, then NOT_FOUND / EXPIRED /
 * ALREADY_USED / MAX_ATTEMPTS_REACHED. With `consume`, marks it used before the caller's handler runs.
 */
export async function redeemVerificationCode(
  db: Kysely<Database>,
  o: { projectId: string; type: VerificationCodeType; code: string; nowMillis: number; consume: boolean },
): Promise<VerificationCodeRow> {
  const code = o.code.toLowerCase();
  const row = await db
    .selectFrom('verification_codes')
    .selectAll()
    .where('project_id', '=', o.projectId)
    .where('type', '=', o.type)
    .where('code', '=', code)
    .executeTakeFirst();
  // Compared exactly: a pattern built from the submitted code would let `%`/`_` reach every code's counter.
  await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempt_count: eb('attempt_count', '+', 1) }))
    .where('project_id', '=', o.projectId)
    .where(sql<string>`substr(code, ${sql.lit(OTP_LENGTH + 1)})`, '=', code.slice(OTP_LENGTH))
    .execute();
  if (!row) throw new KnownError('VERIFICATION_CODE_NOT_FOUND');
  if (row.attempt_count >= MAX_ATTEMPTS) throw new KnownError('VERIFICATION_CODE_MAX_ATTEMPTS_REACHED');
  if (row.expires_at_millis < o.nowMillis) throw new KnownError('VERIFICATION_CODE_EXPIRED');
  if (row.used_at_millis !== null) throw new KnownError('VERIFICATION_CODE_ALREADY_USED');
  if (o.consume) {
    await db.updateTable('verification_codes').set({ used_at_millis: o.nowMillis }).where('id', '=', row.id).execute();
  }
  return row;
}

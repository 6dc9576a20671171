// The MFA gate every sign-in path passes: a user with a TOTP secret gets an attempt code
// (45 chars, 5 min) in MULTI_FACTOR_AUTHENTICATION_REQUIRED instead of tokens.
import { KnownError, type Dialect } from '../core/known-errors.ts';
import { issueSession } from './sessions.ts';
import { createVerificationCode } from './verification-codes.ts';
import type { Services } from './services.ts';
import type { UserRecord } from './user-record.ts';

const MFA_ATTEMPT_LIFETIME_MILLIS = 5 * 60 * 1000;

export interface MfaAttemptData {
  user_id: string;
  is_new_user: boolean;
}

async function requireMfaIfEnabled(services: Services, projectId: string, user: UserRecord, isNewUser: boolean): Promise<void> {
  if (user.row.totp_secret_base64 === null) return;
  const data: MfaAttemptData = { user_id: user.row.id, is_new_user: isNewUser };
  const code = await createVerificationCode(services.db, {
    projectId,
    type: 'mfa_attempt',
    data: { ...data },
    nowMillis: services.clock.now(),
    lifetimeMillis: MFA_ATTEMPT_LIFETIME_MILLIS,
  });
  throw new KnownError('MULTI_FACTOR_AUTHENTICATION_REQUIRED', { attempt_code: code });
}

/** Tokens for a first-party sign-in, unless MFA intervenes. */
export async function signInWithMfa(
  services: Services,
  o: { projectId: string; user: UserRecord; dialect: Dialect; origin: string; countryCode: string | null; isNewUser: boolean },
): Promise<{ accessToken: string; refreshToken: string }> {
  await requireMfaIfEnabled(services, o.projectId, o.user, o.isNewUser);
  return issueSession(services, { projectId: o.projectId, user: o.user, dialect: o.dialect, origin: o.origin, countryCode: o.countryCode });
}

// Request fields several routes share, written once: a password, a one-time code, the service's bot-challenge fields.
import { SECURE_RANDOM_LENGTH } from '../../runtime/protocol/headers.ts';
import { PASSWORD_MAX_LENGTH } from '../domain/password-policy.ts';
import { string } from './schema.ts';

/** A password in a request body: only its length is a schema rule; the minimum is the domain's (a known error). */
export const passwordField = () => string({ max: PASSWORD_MAX_LENGTH });

/** A one-time code (e-mail link, OTP, MFA attempt, passkey challenge): exactly as long as the codes minted. */
export const codeField = () => string({ length: SECURE_RANDOM_LENGTH });

/**
 * The current service's bot-challenge fields (the 2.8 client's getBotChallengeRequestFields) on password sign-up,
 * magic-link sign-in and OAuth authorize. The emulator runs no challenge, so they are accepted and unused.
 */
export const botChallengeFields = () => ({
  bot_challenge_token: string().optional(),
  bot_challenge_phase: string({ oneOf: ['invisible', 'visible'] }).optional(),
  bot_challenge_unavailable: string({ oneOf: ['true'] }).optional(),
});

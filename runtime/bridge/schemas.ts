// The zod/mini schemas of the page <-> worker contract (./messages.ts): what the worker checks before acting.
import * as z from 'zod/mini';
import { CONNECT_MESSAGE_TYPE, NETWORK_STATUSES, SESSION_STATUSES } from './constants.ts';
import { readKeysSchema } from './user-change.ts';

export const connectMessageSchema = z.object({
  type: z.literal(CONNECT_MESSAGE_TYPE),
  protocol: z.number().check(z.int(), z.positive()),
});
export type ConnectMessage = z.infer<typeof connectMessageSchema>;

const sessionStatusSchema = z.enum(SESSION_STATUSES);
const networkStatusSchema = z.enum(NETWORK_STATUSES);
export type SessionStatus = z.infer<typeof sessionStatusSchema>;
export type NetworkStatus = z.infer<typeof networkStatusSchema>;

/** What every tab knows about the session: never a token. */
const sessionSnapshotSchema = z.object({
  status: sessionStatusSchema,
  userId: z.nullable(z.string()),
  network: networkStatusSchema,
  seq: z.number(),
});
export type SessionSnapshot = z.infer<typeof sessionSnapshotSchema>;

export const sessionEventSchema = z.object({
  type: z.literal('session'),
  snapshot: sessionSnapshotSchema,
  /** Which session host sent it: page-hosted tabs ignore their own and follow the others'. */
  source: z.optional(z.string()),
});
export type SessionEvent = z.infer<typeof sessionEventSchema>;

/**
 * hello's options: the official SDK's refresh token the page found in its cookies, handed over once so the
 * signed-in user stays signed in after the switch (host/session-takeover.ts).
 */
export const helloArgsSchema = z.strictObject({ officialRefreshToken: z.string().check(z.minLength(1), z.maxLength(1024)) });
/** A page's write changed these reads of the signed-in user: the host fetches the user once and tells every tab. */
export const announceArgsSchema = z.strictObject({ reads: readKeysSchema });
/** A tab woke (shown again, resumed, back online): the user changes after `userVersion` that it may have missed. */
export const catchUpArgsSchema = z.strictObject({ userVersion: z.number() });

const email = z.string().check(z.minLength(1), z.maxLength(1024));
const password = z.string().check(z.minLength(1), z.maxLength(4096));
const url = z.url().check(z.maxLength(4096));

export const credentialArgsSchema = z.strictObject({ email, password });
export const signUpArgsSchema = z.strictObject({ email, password, verificationCallbackUrl: z.optional(url) });

export const magicLinkSendArgsSchema = z.strictObject({ email, callbackUrl: url });
/** A 45-character link code, or the 6-character code from the e-mail (the worker adds the nonce it kept). */
export const magicLinkSignInArgsSchema = z.strictObject({ code: z.string().check(z.minLength(6), z.maxLength(64)) });
export const mfaSignInArgsSchema = z.strictObject({
  attemptCode: z.string().check(z.minLength(1), z.maxLength(128)),
  totp: z.string().check(z.minLength(1), z.maxLength(16)),
});

/** The OAuth callback's code exchange, sent by the worker. */
export const oauthCodeArgsSchema = z.strictObject({
  code: z.string().check(z.minLength(1), z.maxLength(1024)),
  codeVerifier: z.string().check(z.minLength(43), z.maxLength(128)),
  redirectUri: url,
});
/** Account linking: the authorize URL the page built, without the token (the host checks it). */
export const oauthLinkArgsSchema = z.strictObject({ authorizeUrl: url });
/** The WebAuthn assertion (checked by the backend) and the challenge code of `initiate-passkey-authentication`. */
export const passkeySignInArgsSchema = z.strictObject({
  authenticationResponse: z.record(z.string(), z.unknown()),
  code: z.string().check(z.minLength(1), z.maxLength(128)),
});

/** A request the page could not send through the worker's fetch handler (uncontrolled page). */
export const apiRequestArgsSchema = z.strictObject({
  // No whitespace and no control character: a URL parser strips or drops them, so the path sent would differ from the one checked.
  // eslint-disable-next-line no-control-regex
  path: z.string().check(z.regex(/^\/[^\s\x00-\x1f\x7f]*$/), z.maxLength(8192)),
  method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
  headers: z._default(z.record(z.string(), z.string()), {}),
  body: z._default(z.nullable(z.string().check(z.maxLength(10_000_000))), null),
  /** false: send no user tokens (calls the official SDK makes without a session). */
  withSession: z._default(z.boolean(), true),
});

// Token-issuing responses and the OAuth callback result model.
import * as z from 'zod/mini';

const tokenString = z.string().check(z.minLength(1));

/** Password, OTP, MFA and passkey sign-in/sign-up; `is_new_user` only on OTP/MFA/passkey. */
export const signInResponseSchema = z.object({
  access_token: tokenString,
  refresh_token: tokenString,
  user_id: z.string(),
  is_new_user: z.optional(z.boolean()),
});
export type SignInResponse = z.output<typeof signInResponseSchema>;

/** `POST /auth/sessions` (server/admin). */
export const sessionCreateResponseSchema = z.object({
  access_token: tokenString,
  refresh_token: tokenString,
});
export type SessionCreateResponse = z.output<typeof sessionCreateResponseSchema>;

/** `POST /auth/sessions/current/refresh`. */
export const sessionRefreshResponseSchema = z.object({ access_token: tokenString });

/** `token_type` is compared case-insensitively, as oauth4webapi does. */
const tokenTypeSchema = z.string().check(z.refine((t) => ['bearer', 'dpop'].includes(t.toLowerCase()), 'token_type must be bearer or dpop'));

/** `POST /auth/oauth/token`, both grants: the refresh grant has no refresh token and no user fields. */
export const oauthTokenResponseSchema = z.object({
  access_token: tokenString,
  token_type: tokenTypeSchema,
  // Informational only (library default 1 h); the JWT's exp is authoritative.
  expires_in: z.optional(z.coerce.number().check(z.nonnegative())),
  scope: z.optional(z.string()),
  refresh_token: z.optional(tokenString),
  is_new_user: z.optional(z.boolean()),
  newUser: z.optional(z.boolean()),
  after_callback_redirect_url: z.optional(z.nullable(z.string())),
  afterCallbackRedirectUrl: z.optional(z.nullable(z.string())),
});
export type OAuthTokenResponse = z.output<typeof oauthTokenResponseSchema>;

export interface OAuthCallbackResult {
  newUser: boolean;
  afterCallbackRedirectUrl: string | null;
  accessToken: string;
  refreshToken: string | null;
}

export function toOAuthCallbackResult(wire: OAuthTokenResponse): OAuthCallbackResult {
  return {
    newUser: wire.is_new_user ?? wire.newUser ?? false,
    afterCallbackRedirectUrl: wire.after_callback_redirect_url ?? wire.afterCallbackRedirectUrl ?? null,
    accessToken: wire.access_token,
    refreshToken: wire.refresh_token ?? null,
  };
}

/** `POST /auth/otp/send-sign-in-code`. */
export const sendSignInCodeResponseSchema = z.object({ nonce: z.string() });

/** Passkey initiation: options stay opaque JSON, shaped by runtime/flows. */
export const passkeyInitiationResponseSchema = z.object({
  options_json: z.record(z.string(), z.unknown()),
  code: z.string(),
});

export const passkeyRegisterResponseSchema = z.object({ user_handle: z.string() });

/** `POST /team-invitations/accept/details`. */
export const teamInvitationDetailsResponseSchema = z.object({ team_id: z.string(), team_display_name: z.string() });

/** `POST /team-invitations/send-code`. */
export const teamInvitationSendResponseSchema = z.object({ success: z.literal(true), id: z.string() });

// Endpoint rows of sign-in and sessions: password, OTP, MFA, passkeys, sessions, OAuth.
import * as z from 'zod/mini';
import { ALL_ACCESS, NO_PROJECT_AUTH, SERVER_ACCESS, codeField, emptyBody, endpoint, strictBody } from '../endpoint.ts';
import { codeCheckResponseSchema, successResponseSchema } from '../schemas/common.ts';
import {
  oauthTokenResponseSchema,
  passkeyInitiationResponseSchema,
  passkeyRegisterResponseSchema,
  sendSignInCodeResponseSchema,
  sessionCreateResponseSchema,
  sessionRefreshResponseSchema,
  signInResponseSchema,
} from '../schemas/auth.ts';
import { connectedAccountTokenSchema } from '../schemas/admin.ts';

const email = z.string();
const password = z.string().check(z.maxLength(70));
const url = z.string();
const json = z.record(z.string(), z.unknown());

export const AUTH_ENDPOINTS = {
  passwordSignUp: endpoint({
    method: 'POST', path: '/auth/password/sign-up', access: ALL_ACCESS, mintsTokens: true,
    // Optional since 2.8; the 2.7 backend requires it.
    body: strictBody({ email, password, verification_callback_url: z.optional(url) }),
    response: signInResponseSchema, successStatus: 200,
  }),
  passwordSignIn: endpoint({
    method: 'POST', path: '/auth/password/sign-in', access: ALL_ACCESS, mintsTokens: true,
    body: strictBody({ email, password }), response: signInResponseSchema, successStatus: 200,
  }),
  passwordUpdate: endpoint({
    method: 'POST', path: '/auth/password/update', access: ALL_ACCESS, userRequired: true, readsRefreshToken: true,
    body: strictBody({ old_password: password, new_password: password }), response: successResponseSchema, successStatus: 200,
  }),
  passwordSet: endpoint({
    method: 'POST', path: '/auth/password/set', access: ALL_ACCESS, userRequired: true,
    body: strictBody({ password }), response: successResponseSchema, successStatus: 200,
  }),
  passwordSendResetCode: endpoint({
    method: 'POST', path: '/auth/password/send-reset-code', access: ALL_ACCESS, withoutSession: true,
    body: strictBody({ email, callback_url: url }),
    // Always "maybe, only if user with e-mail exists".
    response: z.object({ success: z.string() }), successStatus: 200,
  }),
  passwordResetCheckCode: endpoint({
    method: 'POST', path: '/auth/password/reset/check-code', access: ALL_ACCESS, withoutSession: true,
    body: strictBody({ code: codeField }), response: codeCheckResponseSchema, successStatus: 200,
  }),
  passwordReset: endpoint({
    method: 'POST', path: '/auth/password/reset', access: ALL_ACCESS, withoutSession: true,
    body: strictBody({ code: codeField, password }), response: successResponseSchema, successStatus: 200,
  }),
  otpSendSignInCode: endpoint({
    method: 'POST', path: '/auth/otp/send-sign-in-code', access: ALL_ACCESS, withoutSession: true,
    body: strictBody({ email, callback_url: url }), response: sendSignInCodeResponseSchema, successStatus: 200,
  }),
  otpSignIn: endpoint({
    method: 'POST', path: '/auth/otp/sign-in', access: ALL_ACCESS, mintsTokens: true, withoutSession: true,
    body: strictBody({ code: codeField }), response: signInResponseSchema, successStatus: 200,
  }),
  otpSignInCheckCode: endpoint({
    method: 'POST', path: '/auth/otp/sign-in/check-code', access: ALL_ACCESS,
    body: strictBody({ code: codeField }), response: codeCheckResponseSchema, successStatus: 200,
  }),
  mfaSignIn: endpoint({
    method: 'POST', path: '/auth/mfa/sign-in', access: ALL_ACCESS, mintsTokens: true,
    body: strictBody({ code: codeField, type: z.literal('totp'), totp: z.string() }), response: signInResponseSchema, successStatus: 200,
  }),
  passkeyInitiateRegistration: endpoint({
    method: 'POST', path: '/auth/passkey/initiate-passkey-registration', access: ALL_ACCESS, userRequired: true,
    body: emptyBody, response: passkeyInitiationResponseSchema, successStatus: 200,
  }),
  passkeyRegister: endpoint({
    method: 'POST', path: '/auth/passkey/register', access: ALL_ACCESS, userRequired: true,
    body: strictBody({ credential: json, code: codeField }), response: passkeyRegisterResponseSchema, successStatus: 200,
  }),
  passkeyInitiateAuthentication: endpoint({
    method: 'POST', path: '/auth/passkey/initiate-passkey-authentication', access: ALL_ACCESS,
    body: emptyBody, response: passkeyInitiationResponseSchema, successStatus: 200,
  }),
  passkeySignIn: endpoint({
    method: 'POST', path: '/auth/passkey/sign-in', access: ALL_ACCESS, mintsTokens: true, withoutSession: true,
    body: strictBody({ authentication_response: json, code: codeField }), response: signInResponseSchema, successStatus: 200,
  }),
  sessionSignOut: endpoint({
    method: 'DELETE', path: '/auth/sessions/current', access: ALL_ACCESS, readsRefreshToken: true,
    body: z.optional(emptyBody), response: successResponseSchema, successStatus: 200,
  }),
  sessionRefresh: endpoint({
    method: 'POST', path: '/auth/sessions/current/refresh', access: ALL_ACCESS, mintsTokens: true, readsRefreshToken: true,
    body: z.optional(emptyBody), response: sessionRefreshResponseSchema, successStatus: 200,
  }),
  // The published 2.8 client's anonymous session: no body, and the answer is a session.
  anonymousSignUp: endpoint({
    method: 'POST', path: '/auth/anonymous/sign-up', access: ALL_ACCESS, mintsTokens: true,
    response: signInResponseSchema, successStatus: 200,
  }),
  sessionCreate: endpoint({
    method: 'POST', path: '/auth/sessions', access: SERVER_ACCESS, mintsTokens: true,
    body: strictBody({ user_id: z.string(), expires_in_millis: z.optional(z.number().check(z.int(), z.positive(), z.maximum(367 * 24 * 3600 * 1000))) }),
    response: sessionCreateResponseSchema, successStatus: 200,
  }),
  oauthAuthorize: endpoint({
    method: 'GET', path: '/auth/oauth/authorize/{provider_id}', access: NO_PROJECT_AUTH,
    query: z.strictObject({
      client_id: z.string(), client_secret: z.string(), redirect_uri: url, scope: z.literal('legacy'), state: z.string(),
      grant_type: z.literal('authorization_code'), code_challenge: z.string(), code_challenge_method: z.enum(['S256', 'plain']),
      response_type: z.literal('code'), type: z.optional(z.enum(['authenticate', 'link'])), token: z.optional(z.string()),
      provider_scope: z.optional(z.string()), error_redirect_uri: z.optional(url), error_redirect_url: z.optional(url),
      after_callback_redirect_url: z.optional(url),
    }),
    response: 'redirect', successStatus: 307,
  }),
  // The provider's own parameters arrive here, so the query is not strict.
  oauthCallback: endpoint({
    method: 'GET', path: '/auth/oauth/callback/{provider_id}', access: NO_PROJECT_AUTH,
    query: z.record(z.string(), z.string()), response: 'redirect', successStatus: 307,
  }),
  // POST variant for form_post providers such as Apple.
  oauthCallbackFormPost: endpoint({
    method: 'POST', path: '/auth/oauth/callback/{provider_id}', access: NO_PROJECT_AUTH, bodyEncoding: 'form',
    body: z.record(z.string(), z.string()), response: 'redirect', successStatus: 307,
  }),
  oauthToken: endpoint({
    method: 'POST', path: '/auth/oauth/token', access: NO_PROJECT_AUTH, bodyEncoding: 'form', mintsTokens: true,
    body: z.union([
      z.strictObject({
        grant_type: z.literal('authorization_code'), code: z.string(), redirect_uri: url, code_verifier: z.string(),
        client_id: z.string(), client_secret: z.string(),
      }),
      z.strictObject({ grant_type: z.literal('refresh_token'), refresh_token: z.string(), client_id: z.string(), client_secret: z.string() }),
    ]),
    response: oauthTokenResponseSchema, successStatus: 200,
  }),
  connectedAccountAccessToken: endpoint({
    method: 'POST', path: '/connected-accounts/{user_id}/{provider_id}/access-token', access: ALL_ACCESS, returnsProviderToken: true,
    body: strictBody({ scope: z.optional(z.string()) }), response: connectedAccountTokenSchema, successStatus: 201,
  }),
  /** Deprecated proxy to `/connected-accounts/me/{provider_id}/access-token`. */
  legacyConnectedAccountAccessToken: endpoint({
    method: 'POST', path: '/auth/oauth/connected-accounts/{provider_id}/access-token', access: ALL_ACCESS, returnsProviderToken: true, userRequired: true,
    body: strictBody({ scope: z.optional(z.string()) }), response: connectedAccountTokenSchema, successStatus: 201,
  }),
};

// The token endpoint's grants: refresh (the only way the SDK refreshes an access
// token) and the OAuth authorization code, which only the session host sends.

import * as z from 'zod/mini';
import { RedirectRefusedError } from '../http/redirect-refused-error.ts';
import { refuseRedirect } from '../http/redirects.ts';
import { retryOnError, type RetryOptions } from '../http/retry.ts';
import { KnownError } from '../protocol/errors/base.ts';
import { decodeKnownErrorPlain, type KnownErrorDecoder } from '../protocol/errors/wire.ts';
import { isRefreshTokenErrorCode } from '../protocol/errors/families.ts';
import { useEnglishZodMessages } from '../protocol/zod-messages.ts';
import { oauthToken } from '../protocol/contract/api.generated.ts';
import { API_PATH_PREFIX } from '../protocol/endpoint-path.ts';
import { endpointRequest } from '../protocol/endpoint-request.ts';

useEnglishZodMessages();

export interface RefreshGrantConfig {
  /** Base URL without /api/v1; a trailing slash is stripped. */
  apiUrl: string;
  projectId: string;
  publishableClientKey: string;
  fetch?: typeof fetch;
  retry?: RetryOptions;
  /** Error responses -> errors; plain KnownErrors by default (see PipelineConfig.decodeError). */
  decodeError?: KnownErrorDecoder;
}

/** What oauth4webapi accepts, restricted to bearer tokens: we never ask for DPoP. */
const tokenResponseSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  token_type: z.string().check(z.regex(/^bearer$/i)),
  expires_in: z.optional(z.union([z.number().check(z.nonnegative()), z.string().check(z.regex(/^\d+(\.\d+)?$/))])),
  scope: z.optional(z.string()),
  refresh_token: z.optional(z.string().check(z.minLength(1))),
  // The authorization-code grant adds these.
  is_new_user: z.optional(z.boolean()),
  after_callback_redirect_url: z.optional(z.nullable(z.string())),
});
export type TokenGrantResponse = z.output<typeof tokenResponseSchema>;

/**
 * POSTs the refresh grant and returns the new access token, or null when the refresh token was rejected
 * (REFRESH_TOKEN_ERROR family). Anything else thrown is retried (5 attempts) and the last error rethrown.
 */
export async function requestRefreshGrant(cfg: RefreshGrantConfig, refreshToken: string): Promise<string | null> {
  return retryOnError(() => sendRefreshGrant(cfg, refreshToken), { ...cfg.retry, retryable: (error) => !(error instanceof RedirectRefusedError) });
}

/**
 * POSTs the authorization-code grant: once, as the code is single-use. Known
 * errors (MULTI_FACTOR_AUTHENTICATION_REQUIRED among them) are thrown as they are.
 */
export function requestAuthorizationCodeGrant(
  cfg: RefreshGrantConfig,
  grant: { code: string; codeVerifier: string; redirectUri: string },
): Promise<TokenGrantResponse> {
  return postTokenForm(cfg, 'authorization code', {
    grant_type: 'authorization_code',
    code: grant.code,
    redirect_uri: grant.redirectUri,
    code_verifier: grant.codeVerifier,
  });
}

async function sendRefreshGrant(cfg: RefreshGrantConfig, refreshToken: string): Promise<string | null> {
  try {
    return (await postTokenForm(cfg, 'refresh token', { grant_type: 'refresh_token', refresh_token: refreshToken })).access_token;
  } catch (error) {
    if (error instanceof KnownError && isRefreshTokenErrorCode(error.code)) return null;
    throw error;
  }
}

async function postTokenForm(cfg: RefreshGrantConfig, grant: string, fields: Record<string, string>): Promise<TokenGrantResponse> {
  const url = `${cfg.apiUrl.replace(/\/+$/, '')}${API_PATH_PREFIX}${endpointRequest(oauthToken).path}`;
  const fetchFn = cfg.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const form = new URLSearchParams({ ...fields, client_id: cfg.projectId, client_secret: cfg.publishableClientKey });
  // No x-stack headers at all, like oauth4webapi; the refresh token travels only in the form body.
  const response = await fetchFn(url, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body: form.toString(),
    credentials: 'omit',
    cache: 'no-store',
    // The form carries the refresh token or the code and its verifier: never re-sent to another URL.
    redirect: 'manual',
  });
  refuseRedirect(response, url);
  const text = await response.text();

  const knownError = (cfg.decodeError ?? decodeKnownErrorPlain)(response.headers, text, response.status);
  if (knownError !== null) throw knownError;
  if (response.status !== 200) {
    throw new Error(`Failed to send ${grant} request: ${response.status} ${text}`);
  }
  const parsed = tokenResponseSchema.safeParse(parseJson(text));
  if (!parsed.success) {
    throw new Error(`Failed to send ${grant} request: invalid token response: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

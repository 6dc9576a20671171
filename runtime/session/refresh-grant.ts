// The OAuth refresh grant (protocol.md §3.3 A, §14.2): the only way the SDK refreshes an access token.

import * as z from 'zod/mini';
import { retryOnError, type RetryOptions } from '../http/retry.ts';
import { decodeKnownError, isRefreshTokenErrorCode, KnownError } from '../protocol/known-error-classes.ts';
import '../protocol/zod-messages.ts';

export interface RefreshGrantConfig {
  /** Base URL without /api/v1; a trailing slash is stripped. */
  apiUrl: string;
  projectId: string;
  publishableClientKey: string;
  fetch?: typeof fetch;
  retry?: RetryOptions;
}

/** What oauth4webapi accepts (§3.3, §14.2), restricted to bearer tokens: we never ask for DPoP. */
const tokenResponseSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  token_type: z.string().check(z.regex(/^bearer$/i)),
  expires_in: z.optional(z.union([z.number().check(z.nonnegative()), z.string().check(z.regex(/^\d+(\.\d+)?$/))])),
  scope: z.optional(z.string()),
  refresh_token: z.optional(z.string().check(z.minLength(1))),
});

/**
 * POSTs the refresh grant and returns the new access token, or null when the refresh token was rejected
 * (REFRESH_TOKEN_ERROR family). Anything else thrown is retried (5 attempts) and the last error rethrown.
 */
export async function requestRefreshGrant(cfg: RefreshGrantConfig, refreshToken: string): Promise<string | null> {
  const url = `${cfg.apiUrl.replace(/\/+$/, '')}/api/v1/auth/oauth/token`;
  const fetchFn = cfg.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return retryOnError(() => sendRefreshGrant(fetchFn, url, cfg, refreshToken), cfg.retry);
}

async function sendRefreshGrant(
  fetchFn: typeof fetch,
  url: string,
  cfg: RefreshGrantConfig,
  refreshToken: string,
): Promise<string | null> {
  const form = new URLSearchParams({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: cfg.projectId,
    client_secret: cfg.publishableClientKey,
  });
  // No x-stack headers at all, like oauth4webapi; the refresh token travels only in the form body.
  const response = await fetchFn(url, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body: form.toString(),
    credentials: 'omit',
    cache: 'no-store',
  });
  const text = await response.text();

  const knownError = decodeKnownError(response.headers, text);
  if (knownError !== null) {
    if (knownError instanceof KnownError && isRefreshTokenErrorCode(knownError.code)) return null;
    throw knownError;
  }
  if (response.status !== 200) {
    throw new Error(`Failed to send refresh token request: ${response.status} ${text}`);
  }
  const parsed = tokenResponseSchema.safeParse(parseJson(text));
  if (!parsed.success) {
    throw new Error(`Failed to send refresh token request: invalid token response: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data.access_token;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

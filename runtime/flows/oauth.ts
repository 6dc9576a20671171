// OAuth authorization-code flow with PKCE: parameters, authorize URL, callback checks.
import { API_PATH_PREFIX } from '../protocol/endpoint-path.ts';
import { endpointPath } from '../protocol/endpoint-request.ts';
import { oauthAuthorize } from '../protocol/contract/api.generated.ts';

export const OAUTH_OUTER_COOKIE_PREFIX = 'stack-oauth-outer-';
export const OAUTH_VERIFIER_MAX_AGE_SECONDS = 3600;

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 32 random bytes, base64url (43 chars): used for both the code verifier and the state. */
export function randomOAuthValue(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(32)));
}

export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

export interface PkcePair {
  codeVerifier: string;
  codeChallenge: string;
  state: string;
}

export async function createPkcePair(): Promise<PkcePair> {
  const codeVerifier = randomOAuthValue();
  return { codeVerifier, codeChallenge: await codeChallengeS256(codeVerifier), state: randomOAuthValue() };
}

export interface AuthorizeUrlInput {
  apiBaseUrl: string;
  provider: string;
  projectId: string;
  publishableClientKey: string;
  redirectUri: string;
  errorRedirectUrl: string;
  pkce: Pick<PkcePair, 'codeChallenge' | 'state'>;
  /**
   * Linking a provider to the signed-in user. Without `accessToken` the URL is built for the session
   * host, which adds the token itself (the page never holds it).
   */
  link?: { accessToken?: string; afterCallbackRedirectUrl: string; providerScope?: string };
  /** A sign-in's `returnTo` (the 2.8 SDK's option): where the callback page goes once signed in. */
  afterCallbackRedirectUrl?: string;
}

/** The navigation target of `signInWithOAuth` / account linking, parameters in the SDK's order. */
export function buildAuthorizeUrl(input: AuthorizeUrlInput): string {
  const path = endpointPath(oauthAuthorize, { provider_id: input.provider.toLowerCase() });
  const url = new URL(`${input.apiBaseUrl.replace(/\/+$/, '')}${API_PATH_PREFIX}${path}`);
  const params: [string, string][] = [
    ['client_id', input.projectId],
    ['client_secret', input.publishableClientKey],
    ['redirect_uri', input.redirectUri],
    ['scope', 'legacy'],
    ['state', input.pkce.state],
    ['grant_type', 'authorization_code'],
    ['code_challenge', input.pkce.codeChallenge],
    ['code_challenge_method', 'S256'],
    ['response_type', 'code'],
    ['type', input.link ? 'link' : 'authenticate'],
    // The SDK sends the deprecated spelling; the backend accepts both.
    ['error_redirect_url', input.errorRedirectUrl],
  ];
  if (input.link) {
    if (input.link.accessToken !== undefined) params.push(['token', input.link.accessToken]);
    params.push(['after_callback_redirect_url', input.link.afterCallbackRedirectUrl]);
    if (input.link.providerScope) params.push(['provider_scope', input.link.providerScope]);
  } else if (input.afterCallbackRedirectUrl !== undefined) {
    params.push(['after_callback_redirect_url', input.afterCallbackRedirectUrl]);
  }
  for (const [k, v] of params) url.searchParams.set(k, v);
  return url.toString();
}

export type CallbackParams =
  | { kind: 'ignore'; reason: string }
  | { kind: 'error'; error: string; description: string | null }
  | { kind: 'code'; code: string; state: string };

/**
 * Reads the callback page URL. Missing code/state means "not for us" (the SDK only warns);
 * an `error` parameter or an `iss` other than the API base is a failure.
 */
export function readCallbackParams(url: URL, expected: { state?: string; issuer?: string } = {}): CallbackParams {
  const q = url.searchParams;
  const error = q.get('error');
  if (error !== null) return { kind: 'error', error, description: q.get('error_description') };
  const code = q.get('code');
  const state = q.get('state');
  if (code === null || state === null) return { kind: 'ignore', reason: 'The OAuth callback URL carries no code and state.' };
  if (expected.state !== undefined && state !== expected.state) return { kind: 'error', error: 'state_mismatch', description: null };
  const iss = q.get('iss');
  if (iss !== null && expected.issuer !== undefined && iss !== expected.issuer) return { kind: 'error', error: 'issuer_mismatch', description: null };
  return { kind: 'code', code, state };
}

/** The `code`/`state`-free URL the callback page replaces its history entry with. */
export function callbackUrlWithoutOAuthParams(url: URL): string {
  const copy = new URL(url);
  copy.searchParams.delete('code');
  copy.searchParams.delete('state');
  return copy.toString();
}

export const OAUTH_CALLBACK_FAILURE_MESSAGE = 'Error signing in during OAuth callback. Please try again.';

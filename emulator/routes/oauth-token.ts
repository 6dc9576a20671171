// POST /auth/oauth/token, refresh grant: form-encoded, client credentials in the body,
// errors of the OAuth library as {error, error_description}, refresh failures as a known error with status 401.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { signInWithMfa } from '../domain/mfa.ts';
import { pkceChallenge, redeemAuthorizationCode } from '../domain/oauth/flows.ts';
import { getUser } from '../domain/users.ts';
import { findRefreshToken } from '../auth/refresh-tokens.ts';
import type { RefreshTokenRow } from '../db/schema.ts';
import { isValidProjectKey, getProject } from '../domain/projects.ts';
import { accessTokenForRefreshToken } from '../domain/sessions.ts';
import type { AppEnv } from '../http/env.ts';
import { publicTableRoute } from '../http/table-route.ts';
import { KnownError, type Dialect } from '../core/known-errors.ts';
import { json, oauthError } from '../http/respond.ts';
import type { Services } from '../domain/services.ts';
import { apiOrigin, requestCountryCode } from '../http/request-info.ts';

/**
 * Requests to the token endpoint carry no X-Stack or X-Hexclave header. The current backend (the default) mints the
 * 2.8 claim set for everyone. With `--dialect 2.7` they speak the 2.7 backend: a code exchange creates a session with
 * its six claims, and a refresh follows the dialect of the request that created the session, unless
 * `hostedRefreshClaims` asks for the hosted service's 2.8 set.
 */
function tokenEndpointDialect(services: Services, session: RefreshTokenRow | null): Dialect {
  if (services.dialect === 'current' || services.hostedRefreshClaims) return 'current';
  return session?.dialect === 'current' ? 'current' : 'stack';
}

/** Token lifetime the OAuth library grants; cosmetic, clients read the JWT's exp. */
const OAUTH_TOKEN_LIFETIME_MILLIS = 3_600_000;

/**
 * `expires_in` as the backend's OAuth library computes it: the lifetime left when the answer is written, in whole
 * seconds rounded down, counted from when the request started (the real answer reads 3599, its database round trips
 * always take a millisecond or more; a sub-millisecond clock gives the same here).
 */
function remainingLifetimeSeconds(startedAt: number): number {
  return Math.floor((OAUTH_TOKEN_LIFETIME_MILLIS - (performance.now() - startedAt)) / 1000);
}

/** A successful token answer: the OAuth library adds `pragma: no-cache` to `cache-control: no-store` (RFC 6749 §5.1). */
function tokenAnswer(body: Record<string, unknown>): Response {
  const res = json(body);
  res.headers.set('pragma', 'no-cache');
  return res;
}


async function isValidClient(services: Services, clientId: string, clientSecret: string): Promise<boolean> {
  if (!(await getProject(services.db, clientId))) return false;
  return isValidProjectKey(services.db, clientId, 'client', clientSecret, services.clock.now());
}

/** authorization_code grant: PKCE S256 or plain, the same redirect_uri, MFA. */
async function exchangeAuthorizationCode(c: Context<AppEnv>, form: Record<string, string | undefined>, startedAt: number): Promise<Response> {
  const services = c.get('services');
  const projectId = form.client_id ?? '';
  if (!form.code) return oauthError('invalid_request', 'Missing parameter: `code`');
  const now = services.clock.now();
  const data = await redeemAuthorizationCode(services.db, projectId, form.code, now);
  if (!data) throw new KnownError('INVALID_AUTHORIZATION_CODE');
  if (form.redirect_uri !== data.redirectUri) throw new KnownError('REDIRECT_URL_NOT_WHITELISTED');
  if (!form.code_verifier || (await pkceChallenge(form.code_verifier, data.codeChallengeMethod)) !== data.codeChallenge) {
    throw new KnownError('INVALID_AUTHORIZATION_CODE');
  }
  const user = await getUser(services.db, projectId, data.userId);
  if (!user) throw new KnownError('INVALID_AUTHORIZATION_CODE');
  const session = await signInWithMfa(services, {
    projectId,
    user,
    dialect: tokenEndpointDialect(services, null),
    origin: apiOrigin(c),
    countryCode: requestCountryCode(c),
    isNewUser: data.isNewUser,
  });
  return tokenAnswer({
    access_token: session.accessToken,
    token_type: 'Bearer',
    expires_in: remainingLifetimeSeconds(startedAt),
    refresh_token: session.refreshToken,
    scope: 'legacy',
    is_new_user: data.isNewUser,
    newUser: data.isNewUser,
    after_callback_redirect_url: data.afterCallbackRedirectUrl,
    afterCallbackRedirectUrl: data.afterCallbackRedirectUrl,
  });
}

/** The backend hands a form or a JSON object alike to its OAuth library (it forces the form content type). */
const TOKEN_MEDIA_TYPES = ['application/x-www-form-urlencoded', 'application/json'];
const tokenRequestBody = z.record(z.string(), z.unknown());

/** The OAuth library's parameter check: a parameter is a string or absent. */
function tokenParameters(body: Record<string, unknown>): Record<string, string | undefined> | string {
  const form: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return name;
    form[name] = value;
  }
  return form;
}

export const oauthTokenRoutes = new Hono<AppEnv>().on(
  ...publicTableRoute('oauthToken', {}, async (c, { body }) => {
    const startedAt = performance.now();
    const services = c.get('services');
    const parsed = tokenRequestBody.safeParse(body);
    if (!TOKEN_MEDIA_TYPES.includes(c.req.header('content-type')?.split(';')[0] ?? '') || !parsed.success || Array.isArray(body)) {
      return oauthError('invalid_request', 'Invalid request: content must be application/x-www-form-urlencoded');
    }
    const form = tokenParameters(parsed.data);
    if (typeof form === 'string') return oauthError('invalid_request', `Invalid parameter: \`${form}\``);
    if (form.grant_type === 'refresh_token') services.stats.countRefreshGrant();
    if (!form.client_id) return oauthError('invalid_request', 'Missing parameter: `client_id`');
    if (!form.client_secret) return oauthError('invalid_request', 'Missing parameter: `client_secret`');
    if (!(await isValidClient(services, form.client_id, form.client_secret))) {
      throw new KnownError('INVALID_OAUTH_CLIENT_ID_OR_SECRET', { client_id: form.client_id });
    }
    if (!form.grant_type) return oauthError('invalid_request', 'Missing parameter: `grant_type`');
    if (form.grant_type === 'authorization_code') return exchangeAuthorizationCode(c, form, startedAt);
    if (form.grant_type !== 'refresh_token') return oauthError('unsupported_grant_type', 'Unsupported grant type: `grant_type` is invalid');
    if (!form.refresh_token) return oauthError('invalid_request', 'Missing parameter: `refresh_token`');

    const refresh = await findRefreshToken(services.db, form.client_id, form.refresh_token, services.clock.now());
    const accessToken = refresh ? await accessTokenForRefreshToken(services, refresh, { origin: apiOrigin(c), countryCode: requestCountryCode(c) }, tokenEndpointDialect(services, refresh)) : null;
    if (!accessToken) throw new KnownError('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
    return tokenAnswer({ access_token: accessToken, token_type: 'Bearer', expires_in: remainingLifetimeSeconds(startedAt), scope: 'legacy' });
  }),
);

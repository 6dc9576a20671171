// GET/POST /auth/oauth/callback/{provider_id}: the provider's answer becomes a user
// (sign-in, sign-up or link) and an authorization code, sent to redirect_uri with a 303 (307 in the 2.7 dialect). Known errors go to the
// error redirect URL (errorCode, message, details) when it is trusted.
import { Hono, type Context } from 'hono';
import { completeOAuthCallback } from '../domain/oauth/accounts.ts';
import { createAuthorizationCode, getOuterFlow } from '../domain/oauth/flows.ts';
import { deleteInnerCookie, innerCookieName, readCookie } from '../domain/oauth/inner-cookie.ts';
import { exchangeProviderCallback } from '../domain/oauth/providers.ts';
import { getProject, type Project } from '../domain/projects.ts';
import { isTrustedRedirectUrl } from '../domain/redirect-urls.ts';
import type { AppEnv } from '../http/env.ts';
import { publicTableRoute } from '../http/table-route.ts';
import { encodeKnownError, KnownError, type Dialect } from '../core/known-errors.ts';
import { handleError } from '../http/pipeline.ts';
import { json } from '../http/respond.ts';
import { StatusError } from '../core/status-error.ts';
import { apiOrigin } from '../http/request-info.ts';

const INVALID_GRANT = 'Inner OAuth callback failed due to invalid grant. Please try again.';

/** The current backend sends the browser on with a 303 (a POST callback becomes a GET); the 2.7 one with a 307. */
function redirect(location: string, dialect: Dialect): Response {
  const res = json({}, dialect === 'current' ? 303 : 307);
  res.headers.set('location', location);
  return res;
}

function errorRedirectOrThrow(error: KnownError, project: Project, errorRedirectUrl: string | null, dialect: Dialect): never | Response {
  if (!errorRedirectUrl || !isTrustedRedirectUrl(errorRedirectUrl, project.config)) throw error;
  const encoded = encodeKnownError(error.code, error.details, dialect).body;
  const url = new URL(errorRedirectUrl);
  url.searchParams.set('errorCode', error.code);
  url.searchParams.set('message', encoded.error);
  url.searchParams.set('details', JSON.stringify(encoded.details ?? {}));
  return redirect(url.toString(), dialect);
}

function callbackParams(c: Context<AppEnv>, body: unknown): Record<string, string> {
  return { ...(typeof body === 'object' && body !== null ? (body as Record<string, string>) : {}), ...c.req.query() };
}

/** The backend deletes the inner cookie before anything can fail, so every answer (success or error) carries it. */
async function withInnerCookieDeleted(c: Context<AppEnv>, body: unknown): Promise<Response> {
  const state: unknown = callbackParams(c, body).state;
  const innerState = typeof state === 'string' ? state : '';
  let res: Response;
  try {
    res = await handleCallback(c, body, innerState);
  } catch (error) {
    res = handleError(error instanceof Error ? error : new Error(String(error)), c);
  }
  // Inner states are base64url; anything else was never a cookie of ours and must not reach a header.
  if (/^[\w-]*$/.test(innerState)) res.headers.append('set-cookie', deleteInnerCookie(innerState));
  return res;
}

async function handleCallback(c: Context<AppEnv>, body: unknown, innerState: string): Promise<Response> {
  const services = c.get('services');
  const dialect = c.get('smart').dialect;
  const now = services.clock.now();
  const providerId = c.req.param('provider_id') ?? '';
  const params = callbackParams(c, body);
  const hasCookie = readCookie(c.req.header('cookie'), innerCookieName(innerState)) === 'true';
  const stored = innerState === '' ? null : await getOuterFlow(services.db, innerState);
  if (!hasCookie && stored?.flow.responseMode !== 'json') {
    throw new StatusError(400, 'OAuth cookie not found. This is likely because you refreshed the page during the OAuth sign in process. Please try signing in again');
  }
  if (!stored) throw new StatusError(400, 'Invalid OAuth cookie. Please try signing in again.');
  const { flow } = stored;
  const project = await getProject(services.db, flow.projectId);
  if (!project) throw new StatusError(400, 'Invalid OAuth cookie. Please try signing in again.');
  try {
    if (stored.expiresAtMillis < now) throw new KnownError('OUTER_OAUTH_TIMEOUT');
    const provider = project.config.oauth_providers.find((p) => p.id === providerId);
    if (!provider || !provider.enabled) throw new KnownError('OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED');
    // A code issued for one provider must not be redeemed at another provider's callback (security fix).
    if (provider.id !== flow.providerId) throw new StatusError(400, INVALID_GRANT);
    let exchanged;
    try {
      exchanged = await exchangeProviderCallback(apiOrigin(c), flow, params, now);
    } catch (error) {
      if (error instanceof KnownError) throw error;
      throw new StatusError(400, INVALID_GRANT);
    }
    // The OAuth library checks the client's redirect_uri before any user is touched.
    if (!isTrustedRedirectUrl(flow.redirectUri, project.config)) throw new KnownError('REDIRECT_URL_NOT_WHITELISTED');
    const outcome = await completeOAuthCallback(services.db, project, {
      providerId,
      type: flow.type,
      projectUserId: flow.projectUserId,
      providerScope: flow.providerScope,
      userInfo: exchanged.userInfo,
      tokens: exchanged.tokenSet,
      nowMillis: now,
      webhookDialect: services.dialect,
    });
    if (flow.scope.split(' ').some((s) => s !== 'legacy')) throw new StatusError(400, 'Invalid scope requested. Please check the scopes you are requesting.');
    const code = await createAuthorizationCode(
      services.db,
      {
        projectId: project.id,
        userId: outcome.userId,
        redirectUri: flow.redirectUri,
        codeChallenge: flow.codeChallenge,
        codeChallengeMethod: flow.codeChallengeMethod,
        isNewUser: outcome.isNewUser,
        afterCallbackRedirectUrl: flow.afterCallbackRedirectUrl,
      },
      now,
    );
    const target = new URL(flow.redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', flow.state);
    return redirect(target.toString(), dialect);
  } catch (error) {
    if (error instanceof KnownError) return errorRedirectOrThrow(error, project, flow.errorRedirectUrl, dialect);
    throw error;
  }
}

export const oauthCallbackRoutes = new Hono<AppEnv>()
  .on(...publicTableRoute('oauthCallback', {}, (c, { body }) => withInnerCookieDeleted(c, body)))
  .on(...publicTableRoute('oauthCallbackFormPost', {}, (c, { body }) => withInnerCookieDeleted(c, body)));

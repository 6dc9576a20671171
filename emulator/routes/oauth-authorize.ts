// GET /auth/oauth/authorize/{provider_id}: checks the client, stores the outer flow
// (10 min), sets the inner-state cookie and sends the browser to the provider with a 307.
import { Hono } from 'hono';
import { verifyAccessToken } from '../auth/access-tokens.ts';
import { createOuterFlow, randomUrlSafe, type OuterFlow } from '../domain/oauth/flows.ts';
import { setInnerCookie } from '../domain/oauth/inner-cookie.ts';
import { providerAuthorizationUrl } from '../domain/oauth/providers.ts';
import { getProject, isValidProjectKey } from '../domain/projects.ts';
import type { AppEnv } from '../http/env.ts';
import { botChallengeFields } from '../http/request-fields.ts';
import { publicTableRoute } from '../http/table-route.ts';
import { KnownError } from '../core/known-errors.ts';
import { json, oauthError } from '../http/respond.ts';
import { object, string } from '../http/schema.ts';
import { StatusError } from '../core/status-error.ts';
import { apiOrigin } from '../http/request-info.ts';

/** The PKCE methods of RFC 7636 §4.3, the only ones the backend's OAuth library accepts. */
const CODE_CHALLENGE_METHODS = ['S256', 'plain'];

const authorizeQuery = object({
  type: string({ oneOf: ['authenticate', 'link'] }).optional(),
  token: string().optional(),
  provider_scope: string().optional(),
  error_redirect_url: string({ url: true }).optional(),
  error_redirect_uri: string({ url: true }).optional(),
  after_callback_redirect_url: string().optional(),
  client_id: string(),
  client_secret: string(),
  redirect_uri: string({ url: true }),
  scope: string(),
  state: string(),
  grant_type: string({ oneOf: ['authorization_code'] }),
  code_challenge: string(),
  code_challenge_method: string(),
  response_type: string(),
  // The service's answer mode (hexclave_ wins over its older stack_ name): `json` answers 200 {location}, no cookie.
  hexclave_response_mode: string({ oneOf: ['json', 'redirect'] }).optional(),
  stack_response_mode: string({ oneOf: ['json', 'redirect'] }).optional(),
  ...botChallengeFields(),
});

export const oauthAuthorizeRoutes = new Hono<AppEnv>().on(
  ...publicTableRoute('oauthAuthorize', { query: authorizeQuery }, async (c, { query }) => {
    const services = c.get('services');
    const now = services.clock.now();
    const providerId = c.req.param('provider_id') ?? '';
    const project = await getProject(services.db, query.client_id);
    if (!project) throw new KnownError('INVALID_OAUTH_CLIENT_ID_OR_SECRET', { client_id: query.client_id });
    if (!(await isValidProjectKey(services.db, project.id, 'client', query.client_secret, now))) {
      throw new KnownError('INVALID_PUBLISHABLE_CLIENT_KEY', { project_id: project.id });
    }
    const provider = project.config.oauth_providers.find((p) => p.id === providerId);
    if (!provider || !provider.enabled) throw new KnownError('OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED');

    const type = query.type === 'link' ? 'link' : 'authenticate';
    if (type === 'link' && !query.token) throw new StatusError(400, '?token= query parameter is required for link type');
    let projectUserId: string | null = null;
    // A token (always for a link; the 2.8 client also sends its anonymous session's) names the user of the flow.
    if (query.token) {
      const verified = await verifyAccessToken(services.keys, query.token, now, async (id) => (await getProject(services.db, id)) !== null);
      if (verified.projectId !== project.id) throw new StatusError(403, 'The access token is not valid for this project');
      if (query.provider_scope && provider.type === 'shared') throw new KnownError('OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS');
      projectUserId = verified.userId;
    }

    // The OAuth library's check (an empty method means plain), made here so a bad method never reaches the provider.
    const codeChallengeMethod = query.code_challenge_method || 'plain';
    if (!CODE_CHALLENGE_METHODS.includes(codeChallengeMethod)) {
      return oauthError('invalid_request', `Invalid request: transform algorithm '${codeChallengeMethod}' not supported`);
    }

    const flow: OuterFlow = {
      projectId: project.id,
      providerId,
      publishableClientKey: query.client_secret,
      redirectUri: query.redirect_uri.split('#')[0] ?? query.redirect_uri,
      scope: query.scope,
      state: query.state,
      codeChallenge: query.code_challenge,
      codeChallengeMethod,
      type,
      projectUserId,
      providerScope: query.provider_scope ?? null,
      errorRedirectUrl: query.error_redirect_uri || query.error_redirect_url || null,
      afterCallbackRedirectUrl: query.after_callback_redirect_url ?? null,
      innerCodeVerifier: randomUrlSafe(),
      responseMode: (query.hexclave_response_mode ?? query.stack_response_mode) === 'json' ? 'json' : 'redirect',
    };
    const innerState = await createOuterFlow(services.db, flow, now);
    const location = await providerAuthorizationUrl(apiOrigin(c), flow, innerState);
    // JSON mode is a fetch, whose answer's cookie the browser would not keep for the provider's redirect: PKCE ties
    // the flow to its client instead, so the service sets no cookie and the callback asks for none.
    if (flow.responseMode === 'json') return json({ location });
    const headers = new Headers({ location });
    headers.append('set-cookie', setInnerCookie(innerState, now, new URL(c.req.url).protocol === 'https:'));
    return new Response(null, { status: 307, headers });
  }),
);

// Builds the context of a key-authenticated app: settings from options or environment, the request pipeline
// (every x-stack header, retries, typed errors) and refreshable sessions for forwarded tokens.

import { decodeKnownError } from '../protocol/errors/classes.ts';
import { decodeAccessToken } from '../session/jwt.ts';
import { createAccessTokenVerifier, type VerifiedAccessToken } from './access-token-verifier.ts';
import { createPipeline, type SessionLike } from '../http/pipeline.ts';
import { TokenSession } from '../session/token-session.ts';
import { AccessTokenOnlySession } from './access-token-session.ts';
import { refreshWithin } from './bounded-refresh.ts';
import type { AppAccessType, AppContext, ForwardedTokens, JsonTransport } from './context.ts';
import { DEFAULT_REQUEST_TIMEOUT_MS, readEnv, resolveBaseUrl, type StackServerAppOptions } from './options.ts';
import { requireSetting, StackSetupError } from '../protocol/setup-error.ts';

export interface ResolvedSettings {
  apiUrl: string;
  projectId: string;
  publishableClientKey: string | undefined;
  fetch: typeof fetch | undefined;
  verifyAccessTokens: boolean;
  requestTimeoutMs: number;
}

/** Project id, base URL and publishable key from the options, else the SDK's environment variables. */
export function resolveSettings(options: StackServerAppOptions, appName: string): ResolvedSettings {
  const env = readEnv();
  return {
    apiUrl: resolveBaseUrl(options.baseUrl, env),
    projectId: requireSetting(options.projectId ?? env['NEXT_PUBLIC_STACK_PROJECT_ID'], 'projectId', 'NEXT_PUBLIC_STACK_PROJECT_ID', appName),
    publishableClientKey: options.publishableClientKey || env['NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY'] || undefined,
    fetch: options.fetch,
    verifyAccessTokens: options.verifyAccessTokens ?? true,
    requestTimeoutMs: requestTimeout(options.requestTimeoutMs),
  };
}

/**
 * Sessions on forwarded tokens refresh through the OAuth grant, which needs the publishable key. A lone
 * access token (what an authworker page can send) is used as is until it expires.
 */
function forwardedSessionFactory(settings: ResolvedSettings): (tokens: ForwardedTokens) => SessionLike {
  const { apiUrl, projectId, publishableClientKey, fetch, requestTimeoutMs } = settings;
  const refreshAccessToken =
    publishableClientKey === undefined
      ? async () => null
      : (refreshToken: string) =>
          refreshWithin({ apiUrl, projectId, publishableClientKey, decodeError: decodeKnownError, ...(fetch ? { fetch } : {}) }, refreshToken, requestTimeoutMs);
  return (tokens) =>
    tokens.refreshToken === null
      ? new AccessTokenOnlySession(tokens.accessToken)
      : new TokenSession({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, refreshAccessToken });
}

export function buildContext(settings: ResolvedSettings, accessType: AppAccessType, transport: JsonTransport): AppContext {
  return {
    projectId: settings.projectId,
    accessType,
    transport,
    forwardedSession: forwardedSessionFactory(settings),
    verifyAccessToken: settings.verifyAccessTokens
      ? createAccessTokenVerifier({
          apiUrl: settings.apiUrl,
          projectId: settings.projectId,
          timeoutMs: settings.requestTimeoutMs,
          ...(settings.fetch ? { fetch: settings.fetch } : {}),
        })
      : acceptWithoutVerifying,
  };
}

/** The context of a `StackServerApp`: access type server, secret server key on every request. */
export function createServerContext(options: StackServerAppOptions): AppContext {
  const settings = resolveSettings(options, 'StackServerApp');
  const env = readEnv();
  const secretServerKey = requireSetting(options.secretServerKey ?? env['STACK_SECRET_SERVER_KEY'], 'secretServerKey', 'STACK_SECRET_SERVER_KEY', 'StackServerApp');
  const pipeline = createPipeline({
    apiUrl: settings.apiUrl,
    projectId: settings.projectId,
    accessType: 'server',
    secretServerKey,
    decodeError: decodeKnownError,
    // No CORS preflight to keep on a server: send the SDK's cache mode.
    cacheNoStore: true,
    timeoutMs: settings.requestTimeoutMs,
    ...(settings.publishableClientKey === undefined ? {} : { publishableClientKey: settings.publishableClientKey }),
    ...(settings.fetch === undefined ? {} : { fetch: settings.fetch }),
  });
  return buildContext(settings, 'server', pipeline);
}

/** With `verifyAccessTokens: false`: the token's own claims, unchecked; the API judges it. */
async function acceptWithoutVerifying(accessToken: string): Promise<VerifiedAccessToken | null> {
  const claims = decodeAccessToken(accessToken);
  if (!claims?.sub) return null;
  return { userId: claims.sub, projectId: '', issuedAt: new Date((claims.iat ?? 0) * 1000), expiresAt: claims.exp ? new Date(claims.exp * 1000) : null, claims: { ...claims } };
}

/** A positive whole number of milliseconds, or the default; anything else is a setup mistake worth naming. */
export function requestTimeout(option: number | undefined): number {
  if (option === undefined) return DEFAULT_REQUEST_TIMEOUT_MS;
  if (!Number.isInteger(option) || option <= 0) throw new StackSetupError(`authworker: requestTimeoutMs must be a positive whole number of milliseconds; it was ${option}.`);
  return option;
}

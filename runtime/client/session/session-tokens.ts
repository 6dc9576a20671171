// The official SDK's token getters on a session the worker owns: the refresh token never leaves the worker, and the
// access token reaches page code only through the worker's `exposeAccessToken` opt-in (docs/migrating.md says what
// a page calls instead: the worker's `forwardAuthTo` adds the session to calls to the app's own backend).
import type { ClientContext } from '../app/context.ts';

/** A token getter of the SDK that this session cannot answer; the message names what to call instead. */
export class TokenNotExposedError extends Error {
  override name = 'TokenNotExposedError';

  constructor(
    /** The SDK method that was called. */
    readonly method: string,
    readonly token: 'access' | 'refresh',
  ) {
    super(
      token === 'refresh'
        ? `authworker: ${method}() has no answer: the refresh token never leaves the service worker. To call your own backend, list it in the worker's forwardAuthTo (the worker adds the session's x-stack-auth header), or set exposeAccessToken: true in the worker and use getAccessToken() or getAuthorizationHeader() (the access token alone).`
        : `authworker: ${method}() needs the access token, which the service worker keeps unless its options set exposeAccessToken: true. Or list your backend in the worker's forwardAuthTo: the worker adds the session's x-stack-auth header to those calls.`,
    );
  }
}

/** The SDK's `getAccessToken()`: null when signed out; TokenNotExposedError without the worker's opt-in. */
export async function accessToken(ctx: ClientContext, method = 'getAccessToken'): Promise<string | null> {
  try {
    return await ctx.backend.call('getAccessToken');
  } catch (error) {
    // Loaded with the first failure only: a file fewer on the operations' path.
    const { ACCESS_TOKEN_NOT_EXPOSED_MESSAGE } = await import('../../host/access-token-refusal.ts');
    if (error instanceof Error && error.message === ACCESS_TOKEN_NOT_EXPOSED_MESSAGE) throw new TokenNotExposedError(method, 'access');
    throw error;
  }
}

/** The SDK's `getAuthJson()`, with the access token alone (a backend reading it gets no refresh token). */
export async function authJson(ctx: ClientContext, method = 'getAuthJson'): Promise<{ accessToken: string | null; refreshToken: null }> {
  return { accessToken: await accessToken(ctx, method), refreshToken: null };
}

/** The SDK's `getAuthorizationHeader()`: `Bearer stackauth_<base64 of getAuthJson()>`, null when signed out. */
export async function authorizationHeader(ctx: ClientContext): Promise<string | null> {
  const json = await authJson(ctx, 'getAuthorizationHeader');
  return json.accessToken === null ? null : `Bearer stackauth_${btoa(JSON.stringify(json))}`;
}

/** The SDK's deprecated `getAuthHeaders()`: its `x-stack-auth` header, as the worker's forwardAuthTo sends it. */
export async function authHeaders(ctx: ClientContext): Promise<{ 'x-stack-auth': string }> {
  return { 'x-stack-auth': JSON.stringify(await authJson(ctx, 'getAuthHeaders')) };
}

/** The SDK's `getRefreshToken()` and `currentSession.getTokens()`: never answered in the page. */
export function refreshTokenRefusal(method: string): Promise<never> {
  return Promise.reject(new TokenNotExposedError(method, 'refresh'));
}

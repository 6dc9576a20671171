// Server-created sessions: tokens for any user, e.g. to impersonate or hand off.

import { ENDPOINTS } from '../protocol/endpoints.ts';
import { callEndpoint, type AppContext } from './context.ts';

/** One year, the SDK's default (the backend caps it at 367 days). */
export const DEFAULT_SESSION_EXPIRES_IN_MILLIS = 31_536_000_000;

export interface CreateSessionOptions {
  userId: string;
  expiresInMillis?: number;
}

export interface SessionTokenPair {
  accessToken: string;
  refreshToken: string;
}

/** Static tokens: the access token is not refreshed by this object (as in the SDK). */
export interface ServerSession extends SessionTokenPair {
  getTokens(): Promise<SessionTokenPair>;
}

export async function createSession(ctx: AppContext, options: CreateSessionOptions): Promise<ServerSession> {
  const wire = await callEndpoint(ctx, ENDPOINTS.sessionCreate, {
    body: { user_id: options.userId, expires_in_millis: options.expiresInMillis ?? DEFAULT_SESSION_EXPIRES_IN_MILLIS },
  });
  const tokens = { accessToken: wire.access_token, refreshToken: wire.refresh_token };
  return { ...tokens, getTokens: async () => ({ ...tokens }) };
}

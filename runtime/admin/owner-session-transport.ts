// Requests of an admin app that runs on a project owner's session: the owner's
// access token goes in x-stack-admin-access-token, and an answer from the INVALID_ADMIN_ACCESS_TOKEN family
// or API_KEY_NOT_FOUND marks it expired and retries with a refreshed one. runtime/http only does this for
// user tokens, so it lives here.

import { ACCESS_TOKEN_MARGIN_MS, type PipelineRequest, type SessionLike } from '../http/pipeline.ts';
import { isInvalidAdminAccessTokenCode, KnownError } from '../protocol/errors/index.ts';
import { HEADER } from '../protocol/headers.ts';
import type { JsonTransport } from '../server/context.ts';

/** Attempts per request, the first included (the SDK's retry budget). */
export const OWNER_SESSION_ATTEMPTS = 5;

function marksAdminTokenExpired(error: unknown): boolean {
  return error instanceof KnownError && (isInvalidAdminAccessTokenCode(error.code) || error.code === 'API_KEY_NOT_FOUND');
}

/** The 2.8 SDK's form: a getter of a current admin access token. Asked again after every rejection. */
export function sessionFromTokenGetter(getAccessToken: () => Promise<string | null>): SessionLike {
  return {
    async getTokens() {
      const accessToken = await getAccessToken();
      return accessToken === null ? null : { accessToken, refreshToken: '' };
    },
    markAccessTokenExpired() {
      // The getter owns the token's lifetime.
    },
  };
}

export function ownerSessionTransport(pipeline: JsonTransport, session: SessionLike, attempts = OWNER_SESSION_ATTEMPTS): JsonTransport {
  return {
    async sendJson<T>(req: PipelineRequest, schema: { parse(data: unknown): T }): Promise<T> {
      let lastError: unknown;
      for (let i = 0; i < attempts; i++) {
        const tokens = await session.getTokens(ACCESS_TOKEN_MARGIN_MS);
        const headers = new Headers(req.headers);
        // A signed-out owner sends no token; the backend then answers a typed authentication error.
        if (tokens !== null) headers.set(HEADER.adminAccessToken, tokens.accessToken);
        try {
          return await pipeline.sendJson({ ...req, headers }, schema);
        } catch (error) {
          if (tokens === null || !marksAdminTokenExpired(error)) throw error;
          // No backoff: the next attempt waits on the session's single-flight refresh.
          session.markAccessTokenExpired(tokens.accessToken);
          lastError = error;
        }
      }
      throw lastError;
    },
  };
}

// Verifies our access tokens locally with the project's JWKS (ES256; cached by jose), so a backend
// can trust a forwarded token without a round trip, and refuses tampered or expired ones.
import { createRemoteJWKSet, customFetch, jwtVerify, type JWTPayload } from 'jose';
import { projectJwks } from '../protocol/contract/api.generated.ts';
import { API_PATH_PREFIX } from '../protocol/endpoint-path.ts';
import { endpointPath } from '../protocol/endpoint-request.ts';

export interface VerifiedAccessToken {
  userId: string;
  projectId: string;
  issuedAt: Date;
  expiresAt: Date | null;
  claims: JWTPayload;
}

export type AccessTokenVerifier = (accessToken: string) => Promise<VerifiedAccessToken | null>;

export function createAccessTokenVerifier(options: {
  apiUrl: string;
  projectId: string;
  fetch?: typeof fetch;
  /** Seconds of clock difference tolerated on `exp`/`iat` (spec §9: 30). */
  clockToleranceSeconds?: number;
}): AccessTokenVerifier {
  const jwksUrl = new URL(`${options.apiUrl.replace(/\/+$/, '')}${API_PATH_PREFIX}${endpointPath(projectJwks, { project_id: options.projectId })}`);
  const fetchImpl = options.fetch;
  const keys = createRemoteJWKSet(jwksUrl, fetchImpl ? { [customFetch]: (url, init) => fetchImpl(url, init) } : {});
  return async (accessToken) => {
    try {
      const { payload } = await jwtVerify(accessToken, keys, { algorithms: ['ES256'], clockTolerance: options.clockToleranceSeconds ?? 30 });
      // `aud` is the project (protocol.md §3.1); legacy tokens carry `projectId` instead.
      const audience = typeof payload.aud === 'string' ? payload.aud : typeof payload['projectId'] === 'string' ? payload['projectId'] : null;
      if (audience !== options.projectId || typeof payload.sub !== 'string' || typeof payload.iat !== 'number') return null;
      return {
        userId: payload.sub,
        projectId: audience,
        issuedAt: new Date(payload.iat * 1000),
        expiresAt: typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : null,
        claims: payload,
      };
    } catch {
      return null;
    }
  };
}

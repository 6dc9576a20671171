// Verifies our access tokens locally with the project's JWKS (ES256; cached by jose), so a backend
// can trust a forwarded token without a round trip, and refuses tampered or expired ones. A key set that
// cannot be read is not a bad token: it throws a NetworkError naming the key set's URL.
import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { NetworkError } from '../http/errors.ts';
import { tokenCheckFailure } from './network-failure.ts';
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

/**
 * null for a token that is missing, malformed, tampered, expired or for another project; rejects with a
 * NetworkError when the project's key set cannot be fetched (API unreachable, wrong API URL).
 */
export type AccessTokenVerifier = (accessToken: string) => Promise<VerifiedAccessToken | null>;

/** How long fetching the key set may take before the verifier gives up (the apps pass their request timeout). */
const DEFAULT_KEY_SET_TIMEOUT_MS = 10_000;

/** Errors about the token against a key set that was read: the token is not ours, not the key set's fault. */
const TOKEN_FAULTS = new Set(['ERR_JWKS_NO_MATCHING_KEY', 'ERR_JWKS_MULTIPLE_MATCHING_KEYS', 'ERR_JOSE_NOT_SUPPORTED', 'ERR_JOSE_ALG_NOT_ALLOWED']);

export function createAccessTokenVerifier(options: {
  apiUrl: string;
  projectId: string;
  fetch?: typeof fetch;
  /** Seconds of clock difference tolerated on `exp`/`iat` (30 by default). */
  clockToleranceSeconds?: number;
  /** Milliseconds the key set fetch may take. Default 10 000. */
  timeoutMs?: number;
}): AccessTokenVerifier {
  const jwksUrl = new URL(`${options.apiUrl.replace(/\/+$/, '')}${API_PATH_PREFIX}${endpointPath(projectJwks, { project_id: options.projectId })}`);
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  // The status of the last key set answer, so a wrong API URL (a 404) says so in the error.
  let lastStatus: number | undefined;
  const remote = createRemoteJWKSet(jwksUrl, {
    timeoutDuration: options.timeoutMs ?? DEFAULT_KEY_SET_TIMEOUT_MS,
    [customFetch]: async (url, init) => {
      lastStatus = undefined;
      const response = await fetchImpl(url, init);
      lastStatus = response.status;
      return response;
    },
  });
  const keys: JWTVerifyGetKey = async (header, token) => {
    try {
      return await remote(header, token);
    } catch (error) {
      if (error instanceof errors.JOSEError && TOKEN_FAULTS.has(error.code)) throw error;
      throw tokenCheckFailure(error, jwksUrl.href, lastStatus === undefined ? undefined : { name: 'keySetStatus', status: lastStatus });
    }
  };
  return async (accessToken) => {
    try {
      const { payload } = await jwtVerify(accessToken, keys, { algorithms: ['ES256'], clockTolerance: options.clockToleranceSeconds ?? 30 });
      // `aud` is the project; legacy tokens carry `projectId` instead.
      const audience = typeof payload.aud === 'string' ? payload.aud : typeof payload['projectId'] === 'string' ? payload['projectId'] : null;
      if (audience !== options.projectId || typeof payload.sub !== 'string' || typeof payload.iat !== 'number') return null;
      return {
        userId: payload.sub,
        projectId: audience,
        issuedAt: new Date(payload.iat * 1000),
        expiresAt: typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : null,
        claims: payload,
      };
    } catch (error) {
      if (error instanceof NetworkError) throw error;
      return null;
    }
  };
}

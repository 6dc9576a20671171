// auth/ (above core/ and db/): access tokens, refresh tokens, signing keys and password hashes.
// Access tokens: ES256 JWTs with the six-claim set of the 2.7 backend (stack dialect) or the 2.8 service's larger set (current dialect).
import { decodeJwt, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { KnownError, type Dialect } from '../core/known-errors.ts';
import type { SigningKeys } from './signing-keys.ts';

const ACCESS_TOKEN_ISSUER = 'https://access-token.jwt-signature.stack-auth.com';
export const ACCESS_TOKEN_LIFETIME_MILLIS = 10 * 60 * 1000;

/** What a token says about its user (the current dialect copies these into claims). */
export interface TokenSubject {
  id: string;
  displayName: string | null;
  primaryEmail: string | null;
  primaryEmailVerified: boolean;
  selectedTeamId: string | null;
  signedUpAtMillis: number;
  requiresTotpMfa: boolean;
  /** An anonymous user's token is restricted and its audience is `<project>:anon`, as the service's. */
  isAnonymous: boolean;
}

export interface MintOptions {
  projectId: string;
  user: TokenSubject;
  nowMillis: number;
  dialect: Dialect;
  refreshTokenId: string;
  /** Origin the request came to, e.g. http://localhost:8102 (issuer of current-dialect tokens). */
  apiOrigin: string;
}

function claimsFor(o: MintOptions, iat: number, exp: number): Record<string, unknown> {
  if (o.dialect === 'stack') {
    return { sub: o.user.id, aud: o.projectId, iss: ACCESS_TOKEN_ISSUER, iat, exp, branchId: 'main' };
  }
  return {
    sub: o.user.id,
    aud: o.user.isAnonymous ? `${o.projectId}:anon` : o.projectId,
    iss: `${o.apiOrigin}/api/v1/projects/${o.projectId}`,
    iat,
    exp,
    project_id: o.projectId,
    branch_id: 'main',
    refresh_token_id: o.refreshTokenId,
    role: 'authenticated',
    name: o.user.displayName,
    email: o.user.primaryEmail,
    email_verified: o.user.primaryEmailVerified,
    selected_team_id: o.user.selectedTeamId,
    signed_up_at: Math.floor(o.user.signedUpAtMillis / 1000),
    is_anonymous: o.user.isAnonymous,
    is_restricted: o.user.isAnonymous,
    restricted_reason: o.user.isAnonymous ? { type: 'anonymous' } : null,
    requires_totp_mfa: o.user.requiresTotpMfa,
  };
}

export async function mintAccessToken(keys: SigningKeys, o: MintOptions): Promise<string> {
  const key = await keys.forProject(o.projectId);
  const iat = Math.floor(o.nowMillis / 1000);
  const exp = Math.floor((o.nowMillis + ACCESS_TOKEN_LIFETIME_MILLIS) / 1000);
  return new SignJWT(claimsFor(o, iat, exp)).setProtectedHeader({ alg: 'ES256', kid: key.kid }).sign(key.privateKey);
}

export interface VerifiedAccessToken {
  projectId: string;
  userId: string;
  refreshTokenId: string | null;
}

/**
 * Verifies signature and expiry against the emulator clock. Errors as the backend's decodeAccessToken:
 * expired -> ACCESS_TOKEN_EXPIRED, anything else wrong -> UNPARSABLE_ACCESS_TOKEN.
 */
export async function verifyAccessToken(
  keys: SigningKeys,
  token: string,
  nowMillis: number,
  projectExists: (id: string) => Promise<boolean>,
): Promise<VerifiedAccessToken> {
  let projectId: string;
  let expMillis: number | null = null;
  let refreshTokenId: string | null = null;
  let subject: string | null = null;
  try {
    const claims = decodeJwt(token);
    const audience = typeof claims.aud === 'string' ? claims.aud : claims.projectId;
    if (typeof audience !== 'string') throw new KnownError('UNPARSABLE_ACCESS_TOKEN');
    projectId = audience.split(':')[0] ?? audience;
    if (typeof claims.exp === 'number') expMillis = claims.exp * 1000;
    if (typeof claims.refresh_token_id === 'string') refreshTokenId = claims.refresh_token_id;
    if (typeof claims.sub === 'string') subject = claims.sub;
  } catch {
    throw new KnownError('UNPARSABLE_ACCESS_TOKEN');
  }
  if (!(await projectExists(projectId))) throw new KnownError('UNPARSABLE_ACCESS_TOKEN');
  const key = await keys.forProject(projectId);
  try {
    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: ['ES256'],
      currentDate: new Date(nowMillis),
    });
    if (typeof payload.sub !== 'string') throw new KnownError('UNPARSABLE_ACCESS_TOKEN');
    return { projectId, userId: payload.sub, refreshTokenId };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      throw new KnownError('ACCESS_TOKEN_EXPIRED', {
        expired_at_millis: expMillis,
        project_id: projectId,
        user_id: subject,
        refresh_token_id: refreshTokenId,
      });
    }
    throw new KnownError('UNPARSABLE_ACCESS_TOKEN');
  }
}

// Reading access-token claims without verifying the signature (the client only needs exp).

import { decodeJwt } from 'jose';

export interface AccessTokenClaims {
  sub?: string;
  /** Seconds since the epoch. */
  exp?: number;
  /** Seconds since the epoch. */
  iat?: number;
}

/** The claims we read, or null when the token is not a JWT or a claim has the wrong type. */
export function decodeAccessToken(token: string): AccessTokenClaims | null {
  let payload: Record<string, unknown>;
  try {
    payload = decodeJwt(token);
  } catch {
    return null;
  }
  const { sub, exp, iat } = payload;
  if (sub !== undefined && typeof sub !== 'string') return null;
  if (exp !== undefined && !isFiniteNumber(exp)) return null;
  if (iat !== undefined && !isFiniteNumber(iat)) return null;
  const claims: AccessTokenClaims = {};
  if (sub !== undefined) claims.sub = sub;
  if (exp !== undefined) claims.exp = exp;
  if (iat !== undefined) claims.iat = iat;
  return claims;
}

/**
 * Expiry in epoch ms. null = never expires (no exp claim, as the SDK treats it).
 * An unparsable token counts as already expired (0), so it is refreshed rather than trusted forever.
 */
export function accessTokenExpiresAt(token: string): number | null {
  const claims = decodeAccessToken(token);
  if (claims === null) return 0;
  return claims.exp === undefined ? null : claims.exp * 1000;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

// Reading access-token claims without verifying the signature (the client only needs exp).

import { decodeJwt } from 'jose';
import * as z from 'zod/mini';

export interface AccessTokenClaims {
  sub?: string;
  /** Seconds since the epoch. */
  exp?: number;
  /** Seconds since the epoch. */
  iat?: number;
}

// zod's numbers are finite; other claims are dropped.
const claimsSchema = z.object({ sub: z.optional(z.string()), exp: z.optional(z.number()), iat: z.optional(z.number()) });

/** The claims we read, or null when the token is not a JWT or a claim has the wrong type. */
export function decodeAccessToken(token: string): AccessTokenClaims | null {
  try {
    return claimsSchema.safeParse(decodeJwt(token)).data ?? null;
  } catch {
    return null;
  }
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

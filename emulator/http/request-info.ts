// Facts about the request that domain operations record: the origin it was addressed to (the tokens' issuer and
// links) and the caller's country as the hosting edge reports it.
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from './env.ts';

export function apiOrigin(c: Context<AppEnv>): string {
  return new URL(c.req.url).origin;
}

const countryCode = z.string().regex(/^[A-Za-z0-9]{2}$/).transform((code) => code.toUpperCase());

/** The caller's country as the hosting edge reports it (Vercel, then Cloudflare); null when absent or malformed. */
export function requestCountryCode(c: Context<AppEnv>): string | null {
  const parsed = countryCode.safeParse(c.req.header('x-vercel-ip-country') ?? c.req.header('cf-ipcountry'));
  return parsed.success ? parsed.data : null;
}

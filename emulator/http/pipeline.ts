// Middleware every /api request passes: CORS, response headers and status override,
// body + project auth parsing (smart request), and the error encoder.
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { parseAuth } from './project-auth.ts';
import { generateSecureRandomString } from '../../runtime/protocol/headers.ts';
import { parseRequestBody } from './body.ts';
import type { AppEnv } from './env.ts';
import { corsHeaders, mixesHeaderFamilies, requestDialect, stackHeader } from './headers.ts';
import { mayUseSecretKeys, type OriginRule } from './key-origins.ts';
import { KnownError } from '../core/known-errors.ts';
import { internalServerErrorText, text, knownErrorResponse, TEXT_TYPE } from './respond.ts';
import { StatusError } from '../core/status-error.ts';
import { describeError } from '../core/describe-error.ts';
import type { Services } from '../domain/services.ts';

export const cors = (rule: OriginRule): MiddlewareHandler<AppEnv> => async (c, next) => {
  const headers = corsHeaders(c.req.raw.headers, rule, c.get('services').dialect);
  if (c.req.method === 'OPTIONS') {
    // Counted apart (key `OPTIONS preflight`): benchmarks measure the round trips a call costs.
    c.get('services').stats.countRequest('OPTIONS', 'preflight');
    return new Response(null, { status: 200, headers });
  }
  await next();
  for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
};

/** Request id, no-store, the status override and the per-route request counter. */
export const finalizeResponse: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // The first method-specific route is the handler; middleware and the 404 catch-all are registered as ALL.
  const route = matchedRoutes(c).find((r) => r.method !== 'ALL')?.path ?? '/api/*';
  c.get('services').stats.countRequest(c.req.method, route);
  const headers = new Headers(c.res.headers);
  headers.set('x-stack-request-id', generateSecureRandomString(16));
  headers.set('cache-control', 'no-store, max-age=0');
  let status = c.res.status;
  if (stackHeader(c.req.raw.headers, 'override-error-status') !== null && status >= 400 && status <= 599) {
    headers.set('x-stack-actual-status', String(status));
    // The 2.8 service sends both names.
    if (c.get('smart')?.dialect === 'current') headers.set('x-hexclave-actual-status', String(status));
    status = 200;
  }
  const body = c.res.body;
  c.res = undefined;
  c.res = new Response(body, { status, headers });
};

/** A test's rate limit (POST /emulator/api/rate-limit): 429 with Retry-After, in the /api CORS and header layers. */
export const rateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  const retryAfter = c.get('services').rateLimiter.take(url.pathname + url.search);
  if (retryAfter === null) return next();
  return new Response('Too many requests: the emulator was asked to rate-limit this path (POST /emulator/api/rate-limit).', {
    status: 429,
    headers: { 'content-type': TEXT_TYPE, 'retry-after': retryAfter },
  });
};

/** Parses the body, then the project auth, exactly once per request (the backend's createSmartRequest). */
export const smartRequest: MiddlewareHandler<AppEnv> = async (c, next) => {
  const dialect = requestDialect(c.req.raw.headers, c.get('services').dialect);
  if (mixesHeaderFamilies(c.req.raw.headers)) {
    console.warn(`[emulator] ${c.req.method} ${new URL(c.req.url).pathname} mixes x-stack-* and x-hexclave-* headers: answered as the current backend`);
  }
  // The dialect must be known before anything can fail.
  c.set('smart', { body: undefined, auth: null, dialect });
  const body = await parseRequestBody(c.req.raw.clone());
  const auth = await parseAuth(c.get('services'), c.req.raw.headers, dialect);
  c.set('smart', { body, auth, dialect });
  await next();
};

/**
 * Input PostgreSQL refuses to store, by SQLSTATE: NUL characters in text (22021) or jsonb (22P05), lone surrogates
 * in jsonb (22P02), and values too long for an index (54000, e.g. a 3 KB e-mail address). The backend answers these
 * with a 500.
 */
const UNSTORABLE_INPUT: Record<string, string> = {
  '22021': 'the request contains a NUL character (\\u0000), which PostgreSQL cannot store',
  '22P05': 'the request contains a NUL character (\\u0000), which PostgreSQL cannot store',
  '54000': 'the request contains a value too long to store',
  // jsonb refuses a lone UTF-16 surrogate escape ("\ud800"), which JSON.parse accepts.
  '22P02': 'the request contains JSON text PostgreSQL cannot store (such as a lone UTF-16 surrogate, \\ud800-\\udfff)',
};

function unstorableInput(error: Error): string | null {
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === 'string' ? (UNSTORABLE_INPUT[code] ?? null) : null;
}

export function handleError(error: Error, c: Context<AppEnv>): Response {
  // No services yet when the Host guard refuses: the default dialect.
  const dialect = c.get('smart')?.dialect ?? (c.get('services') as Services | undefined)?.dialect ?? 'current';
  if (error instanceof KnownError) return knownErrorResponse(error, dialect);
  if (error instanceof StatusError) return text(error.message, error.status);
  const unstorable = unstorableInput(error);
  if (unstorable !== null) {
    const message = `Request validation failed on ${c.req.method} ${new URL(c.req.url).pathname}:\n  - ${unstorable}`;
    return knownErrorResponse(new KnownError('SCHEMA_ERROR', { message }), dialect);
  }
  // The error's own text only: a database error carries the statement's parameters, which may be secrets.
  const described = describeError(error);
  console.error(`[emulator] unexpected error on ${c.req.method} ${new URL(c.req.url).pathname}: ${described}`);
  return text(internalServerErrorText(described), 500);
}

/** Refuses (403, the backend's plain-text shape for a handled error) server and admin access from other origins. */
export function refuseSecretKeysFromForeignOrigins(rule: OriginRule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const accessType = stackHeader(c.req.raw.headers, 'access-type');
    const origin = c.req.header('origin') ?? null;
    if ((accessType === 'server' || accessType === 'admin') && !mayUseSecretKeys(origin, rule)) {
      throw new StatusError(
        403,
        `The emulator refuses ${accessType} access from the browser origin ${JSON.stringify((origin ?? '').slice(0, 100))}: its development keys are public, ` +
          'so any web page could otherwise use them. Use server and admin keys from your server (no Origin header), or start the emulator with ' +
          '--allow-origin <origin> for a page of yours that must.',
      );
    }
    await next();
  };
}

// Options shared by the server and admin apps, with the official SDK's environment fallbacks.

import { apiBaseUrl } from '../protocol/endpoint-path.ts';

export const DEFAULT_BASE_URL = 'https://api.stack-auth.com';

/** How long a server-side request may take, retries included, before it fails with a NetworkError naming its URL. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** A base URL, or the SDK's split form; a server app uses `server`. */
export type BaseUrlOption = string | { browser: string; server: string };

export interface StackServerAppOptions {
  /** Falls back to NEXT_PUBLIC_STACK_PROJECT_ID. */
  projectId?: string;
  /** Optional for a server app; with it, forwarded sessions whose access token expired can be refreshed. */
  publishableClientKey?: string;
  /** Falls back to STACK_SECRET_SERVER_KEY. */
  secretServerKey?: string;
  /** API origin without /api/v1. Default https://api.stack-auth.com (or the SDK's environment variables). */
  baseUrl?: BaseUrlOption;
  /**
   * Accepted for source compatibility with the official SDK and ignored: a server app keeps no session of
   * its own. Pass a request to `getUser({ tokenStore: request })` to act on the caller's session.
   */
  tokenStore?: 'memory' | 'cookie' | 'nextjs-cookie' | null;
  /** A fetch to use instead of the global one (tests, instrumented clients). */
  fetch?: typeof fetch;
  /**
   * Check forwarded access tokens locally with the project's JWKS (cached) before using them, so a
   * tampered or expired token costs no round trip. Default true; false leaves the judgement to the API.
   */
  verifyAccessTokens?: boolean;
  /**
   * Milliseconds one request to the API may take, its retries included (and the key set fetch of a token
   * check). Past it the call rejects with a `NetworkError` naming the URL it tried. Default 10 000.
   */
  requestTimeoutMs?: number;
}

type Env = Record<string, string | undefined>;

/** `process.env` where a process exists (Node, most edge runtimes' compat layers), else nothing. */
export function readEnv(): Env {
  const env = (globalThis as { process?: { env?: Env } }).process?.env;
  return env ?? {};
}

/** As the SDK: explicit option -> server env var -> generic env vars -> default; trailing slashes removed. */
export function resolveBaseUrl(option: BaseUrlOption | undefined, env: Env = readEnv()): string {
  const explicit = typeof option === 'string' ? option : option?.server;
  const chosen =
    explicit ||
    env['NEXT_PUBLIC_SERVER_STACK_API_URL'] ||
    env['NEXT_PUBLIC_STACK_API_URL'] ||
    env['NEXT_PUBLIC_STACK_URL'] ||
    DEFAULT_BASE_URL;
  return apiBaseUrl(chosen);
}

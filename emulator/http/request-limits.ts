// Size limits on what a caller can make the emulator hold in memory: the request body (counted while it streams
// in) and, on a real socket, the header block (answered 431 by the Node server, see emulator/http/node-server.ts).
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { StatusError } from '../core/status-error.ts';

/** Default request body limit (the CLI's --max-body-bytes, the option `maxBodyBytes`). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Node's own default header-block limit, set explicitly so the 431 rule does not move with the Node version. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** Validates a body limit given by a user (CLI flag or option). */
export function parseMaxBodyBytes(raw: string | number): number {
  const value = typeof raw === 'number' ? raw : /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`The body limit must be a positive whole number of bytes, got ${String(raw).slice(0, 40)}`);
  return value;
}

/**
 * Refuses a body over `maxBytes` with a 413 before it is buffered: hono's bodyLimit checks Content-Length up front
 * and counts the chunks of a chunked body, stopping at the limit (emulator/http/request-limits.test.ts proves both).
 * The 413 is a plain-text StatusError, the backend's shape for a handled non-known error.
 */
export function limitRequestBody(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new StatusError(413, `Request body too large: the emulator accepts at most ${maxBytes} bytes (raise it with --max-body-bytes).`);
    },
  });
}

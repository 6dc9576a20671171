// Response builders with the backend's exact content types (protocol.md §1.4).
import { encodeKnownError, type Dialect, type KnownError } from './known-errors.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const TEXT_TYPE = 'text/plain; charset=utf-8';

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': JSON_TYPE } });
}

export function text(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'content-type': TEXT_TYPE } });
}

/** `bodyType: "success"` routes. */
export function success(): Response {
  return json({ success: true });
}

export function knownErrorResponse(error: KnownError, dialect: Dialect): Response {
  const encoded = encodeKnownError(error.code, error.details, dialect);
  return new Response(JSON.stringify(encoded.body), { status: encoded.status, headers: encoded.headers });
}

/** A handled non-known error: plain text with its status (the backend's StatusError). */
export class StatusError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'StatusError';
  }
}

// Response builders with the backend's exact content types.
import { encodeKnownError, type Dialect, type KnownError } from '../core/known-errors.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
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

/** An error the backend's OAuth library answers itself: `{error, error_description}`. */
export function oauthError(error: string, description: string, status = 400): Response {
  return json({ error, error_description: description }, status);
}

/** The development backend's text for an unexpected error; production strips the cause. */
export function internalServerErrorText(cause: string): string {
  return `Internal Server Error. The error message follows, but will be stripped in production. ${cause}`;
}

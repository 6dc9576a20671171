// A request that carries a credential never follows a redirect (ARCHITECTURE.md, security invariants): fetch's
// default 'follow' would send the token, key or body on to wherever the answer points.

import { HEADER } from '../protocol/headers.ts';
import { RedirectRefusedError } from './redirect-refused-error.ts';

/** The headers that prove who is calling: a redirect must never carry them anywhere. */
const CREDENTIAL_HEADERS: readonly string[] = [
  HEADER.accessToken,
  HEADER.refreshToken,
  HEADER.secretServerKey,
  HEADER.superSecretAdminKey,
  HEADER.adminAccessToken,
  HEADER.auth,
  'authorization',
  'cookie',
];

/**
 * True when a request must be sent with `redirect: 'manual'`: it has a credential header, or a body (sign-in
 * passwords, codes and refresh tokens travel in bodies, and a 307/308 re-sends the body).
 */
export function carriesCredential(headers: Headers, body: BodyInit | null | undefined): boolean {
  if (body !== undefined && body !== null) return true;
  return CREDENTIAL_HEADERS.some((name) => (headers.get(name) ?? '') !== '');
}

/** A redirect answer under `redirect: 'manual'`: a browser's opaque redirect, or a runtime's plain 3xx. */
export function isRedirectAnswer(response: Response): boolean {
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400 && response.status !== 304);
}

/** Throws RedirectRefusedError for a redirect answer to `url`; the answer's body is dropped unread. */
export function refuseRedirect(response: Response, url: string): void {
  if (!isRedirectAnswer(response)) return;
  void response.body?.cancel().catch(() => undefined);
  const status = response.type === 'opaqueredirect' ? null : response.status;
  throw new RedirectRefusedError(url, status, response.headers.get('location'));
}

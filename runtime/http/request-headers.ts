// The x-stack-* headers of one attempt (protocol.md §1.1). A fresh nonce every call.

import { CLIENT_VERSION, HEADER, generateSecureRandomString, type AccessType } from '../protocol/headers.ts';
import type { SessionTokens } from './session-like.ts';

export interface ProjectCredentials {
  projectId: string;
  accessType: AccessType;
  publishableClientKey?: string;
  secretServerKey?: string;
  superSecretAdminKey?: string;
  clientVersion?: string;
}

export interface RequestHeaderInput {
  tokens: SessionTokens | null;
  /** Only the endpoints that read the refresh token get it (DELETE /auth/sessions/current). */
  sendRefreshToken: boolean;
  /** Merged over ours, except the token headers, which only the session may set. */
  callerHeaders?: HeadersInit;
  jsonBody: boolean;
}

export function buildRequestHeaders(creds: ProjectCredentials, input: RequestHeaderInput): Headers {
  const headers = new Headers();
  headers.set(HEADER.overrideErrorStatus, 'true');
  headers.set(HEADER.projectId, creds.projectId);
  headers.set(HEADER.accessType, creds.accessType);
  headers.set(HEADER.clientVersion, creds.clientVersion ?? CLIENT_VERSION);
  headers.set(HEADER.randomNonce, generateSecureRandomString());
  if (creds.publishableClientKey !== undefined) {
    headers.set(HEADER.publishableClientKey, creds.publishableClientKey);
  }
  // Empty string, not absent, when a server/admin app has no key (project-owner session), as the SDK does.
  if (creds.accessType === 'server' || creds.accessType === 'admin') {
    headers.set(HEADER.secretServerKey, creds.secretServerKey ?? '');
  }
  if (creds.accessType === 'admin') {
    headers.set(HEADER.superSecretAdminKey, creds.superSecretAdminKey ?? '');
  }
  if (input.jsonBody) headers.set('content-type', 'application/json');

  new Headers(input.callerHeaders).forEach((value, name) => {
    if (name === HEADER.accessToken || name === HEADER.refreshToken) return;
    headers.set(name, value);
  });

  if (input.tokens) {
    // An empty access token means "none": a sign-out revoke needs only the refresh token.
    if (input.tokens.accessToken) headers.set(HEADER.accessToken, input.tokens.accessToken);
    if (input.sendRefreshToken) headers.set(HEADER.refreshToken, input.tokens.refreshToken);
  }
  return headers;
}

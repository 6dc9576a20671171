// The x-stack-* headers of one attempt. A fresh nonce every call.

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
  // Gathered in a plain object and turned into Headers once: each Headers call is a trip into the browser.
  const headers: Record<string, string> = {
    [HEADER.overrideErrorStatus]: 'true',
    [HEADER.projectId]: creds.projectId,
    [HEADER.accessType]: creds.accessType,
    [HEADER.clientVersion]: creds.clientVersion ?? CLIENT_VERSION,
    [HEADER.randomNonce]: generateSecureRandomString(),
  };
  if (creds.publishableClientKey !== undefined) headers[HEADER.publishableClientKey] = creds.publishableClientKey;
  // Empty string, not absent, when a server/admin app has no key (project-owner session), as the SDK does.
  if (creds.accessType === 'server' || creds.accessType === 'admin') headers[HEADER.secretServerKey] = creds.secretServerKey ?? '';
  if (creds.accessType === 'admin') headers[HEADER.superSecretAdminKey] = creds.superSecretAdminKey ?? '';
  if (input.jsonBody) headers['content-type'] = 'application/json';

  // A plain object (the worker's page headers) is read as it is, not copied into Headers first.
  const caller = input.callerHeaders ?? [];
  for (const [name, value] of caller instanceof Headers || Array.isArray(caller) ? new Headers(caller) : Object.entries(caller)) {
    const lowercase = name.toLowerCase();
    if (lowercase !== HEADER.accessToken && lowercase !== HEADER.refreshToken) headers[lowercase] = value;
  }

  if (input.tokens) {
    // An empty access token means "none": a sign-out revoke needs only the refresh token.
    if (input.tokens.accessToken) headers[HEADER.accessToken] = input.tokens.accessToken;
    if (input.sendRefreshToken) headers[HEADER.refreshToken] = input.tokens.refreshToken;
  }
  return new Headers(headers);
}

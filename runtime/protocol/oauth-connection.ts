// A connected OAuth account as the official SDK's apps return it, and the two backend answers
// that mean "no such connection": the client and the server apps share both.
import { KnownError } from './errors/base.ts';

export interface OAuthConnection {
  /** The provider id, e.g. 'github'. */
  id: string;
  /** The token fetched when the connection was looked up. */
  accessToken: string;
  /** Asks the backend again (it refreshes the provider token when it has less than 5 minutes left). */
  getAccessToken(): Promise<{ accessToken: string }>;
}

const MISSING_CONNECTION_CODES = new Set(['OAUTH_CONNECTION_NOT_CONNECTED_TO_USER', 'OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE']);

/** The user has no connection to the provider, or it lacks the scopes: the SDK answers null (or links). */
export function isMissingConnectionError(error: unknown): boolean {
  return error instanceof KnownError && MISSING_CONNECTION_CODES.has(error.code);
}

import type { SessionBackend, SessionChangeData } from '../../bridge/messages.ts';
import type { HandlerUrls } from '../../flows/handler-urls.ts';
import type { ApiTransport } from '../backend/api-transport.ts';
import type { SessionStore } from '../session/session-store.ts';
import type { CurrentUserData } from '../../protocol/schemas/user.ts';

/**
 * What the flows need of the app's user cache (reads/user-cache.ts): refetch the user, show a change the session host
 * announced, refetch the reads a mutation changed (reads/read-keys.ts), read the user's selected team.
 */
interface UserReads {
  reload(): Promise<void>;
  receive(change: unknown): Promise<void>;
  /** Shows a user this tab read itself (an edit's answer); a method, so the cache's `CurrentUser` parameter fits. */
  show(user: CurrentUserData, body?: string): void;
  refetch(keys: readonly string[]): Promise<unknown>;
  getSnapshot(): { user: Pick<CurrentUserData, 'selectedTeamId' | 'id' | 'displayName' | 'primaryEmail' | 'passkeyAuthEnabled'> | null };
}

/** What the per-concept client modules share. One per app. */
export interface ClientContext {
  backend: SessionBackend;
  transport: ApiTransport;
  urls: HandlerUrls;
  session: SessionStore;
  userCache: UserReads;
  /** The API and the project this app signs in to (OAuth builds its authorize URL from them). */
  config: { apiUrl: string; projectId: string; publishableClientKey: string };
  /** The page's URL, or null outside a browser (then callback URLs must be passed explicitly). */
  currentUrl(): URL | null;
  /** Trust-checked navigation through the app's redirect method; rejects with UntrustedRedirectError. */
  redirect(target: string, options?: { replace?: boolean }): Promise<void>;
  /** Provider scopes every link asks for, per provider id (the SDK's `oauthScopesOnSignIn`). */
  oauthScopesOnSignIn: Partial<Record<string, readonly string[]>>;
  /** Asks the user for a TOTP code when a sign-in needs the second factor; the browser's prompt() when unset. */
  promptTotp: (() => Promise<string | null>) | undefined;
  /**
   * Shows the snapshot a session-changing call answered with (sign-in, sign-out, deletion) in this tab at once:
   * one call to the backend per change, no second one to read the state it has just set.
   */
  sessionChanged(change: SessionChangeData): void;
}

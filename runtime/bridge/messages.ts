// The versioned page <-> worker contract. Both sides import it; the worker validates every message against
// the schemas of ./schemas.ts before acting on it. This module itself carries no zod (the page's bundle).
import type {
  ApiRequestArgs,
  ConnectMessage,
  NetworkStatus,
  SessionEvent,
  SessionSnapshot,
  SessionStatus,
} from './schemas.ts';
import type { UserChangeData, UserEvent } from './user-change.ts';
import { NETWORK_STATUSES, SESSION_STATUSES } from './constants.ts';

export type { ApiRequestArgs, ConnectMessage, NetworkStatus, SessionEvent, SessionSnapshot, SessionStatus, UserChangeData, UserEvent };

/**
 * What a session host tells its tabs: the session, or a change of the signed-in user. A user change reaches the
 * page unchecked: it is checked with `userChangeSchema` where its user is read (off the page's start-up path).
 */
export type HostEvent = SessionEvent | { type: 'user'; change: unknown };
export { BRIDGE_PROTOCOL_VERSION, CONNECT_MESSAGE_TYPE, CONNECTION_SETTINGS, NETWORK_STATUSES, SESSION_STATUSES } from './constants.ts';

/**
 * The same check as `sessionEventSchema` (a clean copy, or null), written out: tabs read every broadcast
 * with it, and the page's initial bundle carries no zod.
 */
export function readSessionEvent(data: unknown): SessionEvent | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, snapshot, source } = data as Record<string, unknown>;
  if (type !== 'session' || (source !== undefined && typeof source !== 'string')) return null;
  if (typeof snapshot !== 'object' || snapshot === null) return null;
  const { status, userId, network, seq } = snapshot as Record<string, unknown>;
  if (!(SESSION_STATUSES as readonly unknown[]).includes(status) || !(NETWORK_STATUSES as readonly unknown[]).includes(network)) return null;
  if ((userId !== null && typeof userId !== 'string') || typeof seq !== 'number' || !Number.isFinite(seq)) return null;
  const event: SessionEvent = { type, snapshot: { status: status as SessionStatus, userId, network: network as NetworkStatus, seq } };
  if (source !== undefined) event.source = source;
  return event;
}

export function broadcastChannelName(projectId: string): string {
  return `authworker:${projectId}`;
}

/** Page header asking the worker's fetch handler to send a request without user tokens. */
export const NO_SESSION_HEADER = 'x-authworker-no-session';

export interface ApiResponseData {
  status: number;
  headers: [string, string][];
  body: string;
}

/** Errors cross the bridge as data; the page rebuilds the typed error from it. */
export interface BridgeErrorData {
  name: string;
  message: string;
  code?: string;
  /** The HTTP status of a known error, kept for codes the page's catalogue does not know. */
  status?: number;
  details?: Record<string, unknown>;
}
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeErrorData };

/** The worker's last /users/me answer for the signed-in user (the raw JSON body), shown before the network answers. */
export interface StoredUserData {
  userId: string;
  body: string;
}

/** The settings a session host talks to the API with; the page's and its worker's must be the same. */
export interface ConnectionSetup {
  apiUrl: string;
  projectId: string;
  publishableClientKey: string;
}

export interface HelloData {
  protocol: number;
  snapshot: SessionSnapshot;
  /** Null when the worker holds no answer for this user (or could not read it quickly). */
  storedUser: StoredUserData | null;
  /** The host's own settings, which the page compares with its own (older workers send none). */
  setup?: ConnectionSetup;
  /** Given an official session: true once it is settled (the page deletes its cookies then), false to try again later. */
  tookOver?: boolean;
  /** The version of the host's last user change (UserChangeData): a tab catches up from there. Older hosts send none. */
  userVersion?: number;
}

/** What a waking tab may have missed: the session now, and the user changes after the version it named. */
export interface CatchUpData {
  snapshot: SessionSnapshot;
  /** The latest change (its body if the user changed since, the reads changed since), or null when nothing did. */
  user: UserChangeData | null;
}

/**
 * What a call that changes the session answers: the session as it is after the change (the snapshot the host
 * has just published, with its sequence number), so the page needs no second call to learn it.
 */
export interface SessionChangeData {
  snapshot: SessionSnapshot;
}

export interface SignInResultData extends SessionChangeData {
  userId: string;
  isNewUser: boolean;
}

export interface OAuthSignInResultData extends SignInResultData {
  afterCallbackRedirectUrl: string | null;
}

/** The API the worker exposes over Comlink. Every argument is `unknown` on purpose: it is validated. */
export interface WorkerApi {
  /** `options`: `{ officialRefreshToken }` once, when the page found the official SDK's session cookie. */
  hello(protocol: unknown, options?: unknown): Promise<BridgeResult<HelloData>>;
  getSnapshot(): Promise<BridgeResult<SessionSnapshot>>;
  signInWithCredential(args: unknown): Promise<BridgeResult<SignInResultData>>;
  signUpWithCredential(args: unknown): Promise<BridgeResult<SignInResultData>>;
  signOut(): Promise<BridgeResult<SessionChangeData>>;
  sendMagicLinkEmail(args: unknown): Promise<BridgeResult<{ nonce: string }>>;
  signInWithMagicLink(args: unknown): Promise<BridgeResult<SignInResultData>>;
  signInWithMfa(args: unknown): Promise<BridgeResult<SignInResultData>>;
  /** POST /auth/oauth/token (authorization_code): the tokens stay in the worker. */
  exchangeOAuthCode(args: unknown): Promise<BridgeResult<OAuthSignInResultData>>;
  /** Account linking: where to navigate so that the authorize URL gets the access token the page never sees. */
  prepareOAuthLink(args: unknown): Promise<BridgeResult<{ navigateTo: string }>>;
  signInWithPasskey(args: unknown): Promise<BridgeResult<SignInResultData>>;
  /** DELETE /users/me, then the session is wiped everywhere. */
  deleteUser(): Promise<BridgeResult<SessionChangeData>>;
  apiRequest(args: unknown): Promise<BridgeResult<ApiResponseData>>;
  getAccessToken(): Promise<BridgeResult<string | null>>;
  /** A write of this tab changed the signed-in user's data (`{ reads }`): every tab hears it; null when signed out. */
  announceUserChange(args: unknown): Promise<BridgeResult<UserChangeData | null>>;
  /** A tab woke (`{ userVersion }`): the session and the user changes it missed; the user is asked again if stale. */
  catchUp(args: unknown): Promise<BridgeResult<CatchUpData>>;
}
export type WorkerMethod = keyof WorkerApi;
/** What a successful call of `M` resolves to on the page side. */
export type WorkerValue<M extends WorkerMethod> = Awaited<ReturnType<WorkerApi[M]>> extends BridgeResult<infer T> ? T : never;

/** Where the page's session lives: the service worker, or (fallback) the page itself. */
export interface SessionBackend {
  /** True when the page's own fetch calls to the API pass through the worker. */
  readonly controlsPage: boolean;
  /**
   * Calls `listener` with each session snapshot and user change the page's own host publishes: the active worker's
   * messages (checked to come from it), or the in-page host's changes. Never anything read off a BroadcastChannel.
   */
  watchSession(listener: (event: HostEvent) => void): void;
  call<M extends WorkerMethod>(method: M, ...args: Parameters<WorkerApi[M]>): Promise<WorkerValue<M>>;
}

export const WORKER_API_METHODS = [
  'hello',
  'getSnapshot',
  'signInWithCredential',
  'signUpWithCredential',
  'signOut',
  'sendMagicLinkEmail',
  'signInWithMagicLink',
  'signInWithMfa',
  'exchangeOAuthCode',
  'prepareOAuthLink',
  'signInWithPasskey',
  'deleteUser',
  'apiRequest',
  'getAccessToken',
  'announceUserChange',
  'catchUp',
] as const satisfies readonly (keyof WorkerApi)[];

export { WORKER_ERROR_HEADER } from './worker-error-header.ts';

// The versioned page <-> worker contract. Both sides import it; the worker validates every
// message against these schemas before acting on it.
import { z } from 'zod';

export const BRIDGE_PROTOCOL_VERSION = 1;
export const CONNECT_MESSAGE_TYPE = 'authworker:connect';

export const connectMessageSchema = z.object({
  type: z.literal(CONNECT_MESSAGE_TYPE),
  protocol: z.number().int().positive(),
});
export type ConnectMessage = z.infer<typeof connectMessageSchema>;

export const sessionStatusSchema = z.enum(['loading', 'signed-in', 'signed-out']);
export const networkStatusSchema = z.enum(['online', 'offline', 'degraded']);
export type SessionStatus = z.infer<typeof sessionStatusSchema>;
export type NetworkStatus = z.infer<typeof networkStatusSchema>;

/** What every tab knows about the session: never a token. */
export const sessionSnapshotSchema = z.object({
  status: sessionStatusSchema,
  userId: z.string().nullable(),
  network: networkStatusSchema,
  seq: z.number(),
});
export type SessionSnapshot = z.infer<typeof sessionSnapshotSchema>;

export const sessionEventSchema = z.object({
  type: z.literal('session'),
  snapshot: sessionSnapshotSchema,
  /** Which session host sent it: page-hosted tabs ignore their own and follow the others'. */
  source: z.string().optional(),
});
export type SessionEvent = z.infer<typeof sessionEventSchema>;

export function broadcastChannelName(projectId: string): string {
  return `authworker:${projectId}`;
}

const email = z.string().min(1).max(1024);
const password = z.string().min(1).max(4096);
const callbackUrl = z.string().url().max(4096).optional();

export const credentialArgsSchema = z.object({ email, password }).strict();
export const signUpArgsSchema = z
  .object({ email, password, verificationCallbackUrl: callbackUrl })
  .strict();

export const magicLinkSendArgsSchema = z.object({ email, callbackUrl: z.string().url().max(4096) }).strict();
/** A 45-character link code, or the 6-character code from the e-mail (the worker adds the nonce it kept). */
export const magicLinkSignInArgsSchema = z.object({ code: z.string().min(6).max(64) }).strict();
export const mfaSignInArgsSchema = z.object({ attemptCode: z.string().min(1).max(128), totp: z.string().min(1).max(16) }).strict();

/** A request the page could not send through the worker's fetch handler (uncontrolled page). */
export const apiRequestArgsSchema = z
  .object({
    path: z.string().regex(/^\/[^\s]*$/).max(8192),
    method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
    headers: z.record(z.string(), z.string()).default({}),
    body: z.string().max(10_000_000).nullable().default(null),
    /** false: send no user tokens (calls the official SDK makes without a session). */
    withSession: z.boolean().default(true),
  })
  .strict();

/** Page header asking the worker's fetch handler to send a request without user tokens. */
export const NO_SESSION_HEADER = 'x-authworker-no-session';
export type ApiRequestArgs = z.input<typeof apiRequestArgsSchema>;

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
  details?: Record<string, unknown>;
}
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeErrorData };

export interface SignInResultData {
  userId: string;
  isNewUser: boolean;
}

/** The API the worker exposes over Comlink. Every argument is `unknown` on purpose: it is validated. */
export interface WorkerApi {
  hello(protocol: unknown): Promise<BridgeResult<{ protocol: number; snapshot: SessionSnapshot }>>;
  getSnapshot(): Promise<BridgeResult<SessionSnapshot>>;
  signInWithCredential(args: unknown): Promise<BridgeResult<SignInResultData>>;
  signUpWithCredential(args: unknown): Promise<BridgeResult<SignInResultData>>;
  signOut(): Promise<BridgeResult<null>>;
  sendMagicLinkEmail(args: unknown): Promise<BridgeResult<{ nonce: string }>>;
  signInWithMagicLink(args: unknown): Promise<BridgeResult<SignInResultData>>;
  signInWithMfa(args: unknown): Promise<BridgeResult<SignInResultData>>;
  /** DELETE /users/me, then the session is wiped everywhere. */
  deleteUser(): Promise<BridgeResult<null>>;
  apiRequest(args: unknown): Promise<BridgeResult<ApiResponseData>>;
  getAccessToken(): Promise<BridgeResult<string | null>>;
}
export type WorkerMethod = keyof WorkerApi;
/** What a successful call of `M` resolves to on the page side. */
export type WorkerValue<M extends WorkerMethod> = Awaited<ReturnType<WorkerApi[M]>> extends BridgeResult<infer T> ? T : never;

/** Where the page's session lives: the service worker, or (fallback) the page itself. */
export interface SessionBackend {
  /** True when the page's own fetch calls to the API pass through the worker. */
  readonly controlsPage: boolean;
  /** The BroadcastChannel its session events go out on. */
  readonly channelName: string;
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
  'deleteUser',
  'apiRequest',
  'getAccessToken',
] as const satisfies readonly (keyof WorkerApi)[];

/** Set on answers the worker makes itself (offline, network, refused), so pages can tell them apart. */
export const WORKER_ERROR_HEADER = 'x-authworker-error';

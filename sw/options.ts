import * as z from 'zod/mini';
import { CONNECTION_SETTINGS } from '../runtime/bridge/constants.ts';
import { SESSION_HOST_DEFAULTS } from '../runtime/host/create-session-host.ts';
import { StackSetupError } from '../runtime/protocol/setup-error.ts';
import { useEnglishZodMessages } from '../runtime/protocol/zod-messages.ts';

useEnglishZodMessages();

/** Worker configuration. It comes from the app's own worker code or the worker's script URL, never from a page message. */
const authWorkerOptionsSchema = z.object({
  /** Base URL of the Stack-compatible API, without `/api/v1`. */
  apiUrl: z.pipe(
    z.url(),
    z.transform((url: string) => url.replace(/\/+$/, '')),
  ),
  projectId: z.string().check(z.minLength(1)),
  publishableClientKey: z.string().check(z.minLength(1)),
  /** `indexeddb` keeps the (encrypted) refresh token across worker restarts; `memory` never stores it. */
  persistence: z._default(z.enum(['indexeddb', 'memory']), SESSION_HOST_DEFAULTS.persistence),
  /** Lets pages call `getAccessToken()` for their own backends. Off by default. */
  exposeAccessToken: z._default(z.boolean(), SESSION_HOST_DEFAULTS.exposeAccessToken),
  /**
   * Same-origin requests under these path prefixes (your own API routes, e.g. '/app-api/') get the
   * `x-stack-auth` header with a fresh access token, so your server knows the user. Opt-in.
   */
  forwardAuthTo: z.optional(
    z.object({
      pathPrefixes: z.array(z.string().check(z.regex(/^\/[^\s]*$/, 'a path prefix starts with /'))).check(z.minLength(1)),
      /** Also send the refresh token (lets your server refresh on its own). Off by default. */
      includeRefreshToken: z._default(z.boolean(), false),
      /**
       * Also page loads under the prefixes (server-rendered pages): top-level GET and HEAD navigations
       * are re-issued by the worker with the header. Frames and form posts never get it. Off by default.
       */
      navigations: z._default(z.boolean(), false),
      /**
       * Also page loads that another site started (a link elsewhere): re-sent by the worker they arrive as
       * same-origin requests, with your SameSite=Strict cookies and `Sec-Fetch-Site: same-origin`. Off by default.
       */
      crossSiteNavigations: z._default(z.boolean(), false),
    }),
  ),
  /**
   * Answers the devtools panel (`<AuthDevtools />`) and its fault controls in a build that carries them: the Vite
   * plugin's development builds (or `devtools: true` in its options); a production build has none, whatever this says.
   * Left out: on; `false` keeps them off in a development build too.
   */
  devtools: z.optional(z.boolean()),
  /** Upper bound for every await in the worker (storage, network, refresh). */
  awaitTimeoutMs: z._default(z.number().check(z.int(), z.positive()), SESSION_HOST_DEFAULTS.awaitTimeoutMs),
});

type ConnectionSetting = (typeof CONNECTION_SETTINGS)[number];
type SchemaInput = z.input<typeof authWorkerOptionsSchema>;

/**
 * What `installAuthWorker` takes. `apiUrl`, `projectId` and `publishableClientKey` may be left out: the worker
 * then reads them from its script URL, where `StackClientApp` puts its own when it registers the worker, so
 * the app's settings are written once. Given here, they must equal the app's (a page that disagrees gets a
 * `StackSetupError` at start-up).
 */
export type AuthWorkerOptions = Omit<SchemaInput, ConnectionSetting> & Partial<Pick<SchemaInput, ConnectionSetting>>;
export type ResolvedAuthWorkerOptions = z.output<typeof authWorkerOptionsSchema>;

/**
 * The worker's options: those of its code, the connection settings it leaves out taken from the query of
 * `scriptUrl`. A missing or invalid one is a StackSetupError that names it.
 */
export function resolveAuthWorkerOptions(options: AuthWorkerOptions, scriptUrl: string): ResolvedAuthWorkerOptions {
  const query = new URL(scriptUrl).searchParams;
  const merged: Record<string, unknown> = { ...options };
  for (const name of CONNECTION_SETTINGS) merged[name] ??= query.get(name) ?? undefined;
  const parsed = authWorkerOptionsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  // docs/service-worker.md, "One configuration", says where the API URL, project id and key come from.
  throw new StackSetupError(`authworker: installAuthWorker's ${issue?.path.join('.')} option: ${issue?.message}`);
}

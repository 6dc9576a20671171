import * as z from 'zod/mini';
import { SESSION_HOST_DEFAULTS } from '../runtime/host/create-session-host.ts';
import { useEnglishZodMessages } from '../runtime/protocol/zod-messages.ts';

useEnglishZodMessages();

/** Worker configuration. It comes from the app's own worker code, never from a page message. */
export const authWorkerOptionsSchema = z.object({
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
   * Answers the devtools panel (`<AuthDevtools />`) and its fault controls. Only in a build that carries them:
   * the Vite plugin's development builds (or `devtools: true` in its options). Off by default.
   */
  devtools: z._default(z.boolean(), false),
  /** Upper bound for every await in the worker (storage, network, refresh). */
  awaitTimeoutMs: z._default(z.number().check(z.int(), z.positive()), SESSION_HOST_DEFAULTS.awaitTimeoutMs),
});
export type AuthWorkerOptions = z.input<typeof authWorkerOptionsSchema>;
export type ResolvedAuthWorkerOptions = z.output<typeof authWorkerOptionsSchema>;

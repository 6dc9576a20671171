import { z } from 'zod';

/** Worker configuration. It comes from the app's own worker code, never from a page message. */
export const authWorkerOptionsSchema = z.object({
  /** Base URL of the Stack-compatible API, without `/api/v1`. */
  apiUrl: z
    .string()
    .url()
    .transform((url) => url.replace(/\/+$/, '')),
  projectId: z.string().min(1),
  publishableClientKey: z.string().min(1),
  /** `indexeddb` keeps the (encrypted) refresh token across worker restarts; `memory` never stores it. */
  persistence: z.enum(['indexeddb', 'memory']).default('indexeddb'),
  /** Lets pages call `getAccessToken()` for their own backends. Off by default. */
  exposeAccessToken: z.boolean().default(false),
  /**
   * Same-origin requests under these path prefixes (your own API routes, e.g. '/app-api/') get the
   * `x-stack-auth` header with a fresh access token, so your server knows the user. Opt-in.
   */
  forwardAuthTo: z
    .object({
      pathPrefixes: z.array(z.string().regex(/^\/[^\s]*$/, 'a path prefix starts with /')).min(1),
      /** Also send the refresh token (lets your server refresh on its own). Off by default. */
      includeRefreshToken: z.boolean().default(false),
    })
    .optional(),
  /** Upper bound for every await in the worker (storage, network, refresh). */
  awaitTimeoutMs: z.number().int().positive().default(15_000),
});
export type AuthWorkerOptions = z.input<typeof authWorkerOptionsSchema>;
export type ResolvedAuthWorkerOptions = z.output<typeof authWorkerOptionsSchema>;

export const API_PATH_PREFIX = '/api/v1';

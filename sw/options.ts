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
  /** Upper bound for every await in the worker (storage, network, refresh). */
  awaitTimeoutMs: z.number().int().positive().default(15_000),
});
export type AuthWorkerOptions = z.input<typeof authWorkerOptionsSchema>;
export type ResolvedAuthWorkerOptions = z.output<typeof authWorkerOptionsSchema>;

export const API_PATH_PREFIX = '/api/v1';

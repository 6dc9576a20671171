// Size probe: the zod calls our runtime makes, with classic zod (compare with zod-mini-probe.ts).
import { z } from 'zod';

export const options = z.object({
  apiUrl: z.string().url().transform((url) => url.replace(/\/+$/, '')),
  projectId: z.string().min(1).max(200),
  persistence: z.enum(['indexeddb', 'memory']).default('indexeddb'),
  timeoutMs: z.number().int().positive().default(15_000),
  flag: z.boolean().catch(false),
});
export const user = z.strictObject({
  id: z.string().regex(/^[\w-]+$/),
  display_name: z.string().nullable(),
  tags: z.array(z.string()).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
  kind: z.union([z.literal('a'), z.literal('b')]),
  blob: z.instanceof(Uint8Array).optional(),
  since: z.coerce.number().nonnegative(),
  code: z.string().length(6).refine((s) => s !== '000000'),
}).partial();
export const parseUser = (value: unknown) => user.safeParse(value);
export const parseOptions = (value: unknown) => options.parse(value);
export const explain = (error: z.ZodError) => z.prettifyError(error);

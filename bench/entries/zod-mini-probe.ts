// Size probe: the same calls as zod-classic-probe.ts with zod/mini (functional checks, named imports).
import * as z from 'zod/mini';

export const options = z.object({
  apiUrl: z.pipe(z.url(), z.transform((url: string) => url.replace(/\/+$/, ''))),
  projectId: z.string().check(z.minLength(1), z.maxLength(200)),
  persistence: z._default(z.enum(['indexeddb', 'memory']), 'indexeddb'),
  timeoutMs: z._default(z.number().check(z.int(), z.positive()), 15_000),
  flag: z.catch(z.boolean(), false),
});
export const user = z.partial(
  z.strictObject({
    id: z.string().check(z.regex(/^[\w-]+$/)),
    display_name: z.nullable(z.string()),
    tags: z.optional(z.array(z.string())),
    meta: z.optional(z.record(z.string(), z.unknown())),
    kind: z.union([z.literal('a'), z.literal('b')]),
    blob: z.optional(z.instanceof(Uint8Array)),
    since: z.coerce.number().check(z.nonnegative()),
    code: z.string().check(z.length(6), z.refine((s: string) => s !== '000000')),
  }),
);
export const parseUser = (value: unknown) => user.safeParse(value);
export const parseOptions = (value: unknown) => options.parse(value);
export const explain = (error: z.core.$ZodError) => z.prettifyError(error);

// The fetch options every API request carries: `credentials: 'omit'` and, where asked,
// `cache: 'no-store'`. Cloudflare Workers reject both fields with a TypeError naming the field, so, as the SDK
// does, they are left out where the Workers global `WebSocketPair` exists, and dropped for good by any other
// runtime that rejects one.

interface FetchOptionFields {
  credentials?: 'omit';
  cache?: 'no-store';
}

export interface FetchOptions {
  /** The fields to add to the next request's init. */
  fields(): FetchOptionFields;
  /** True when `error` is the runtime refusing one of `sent`; that field is then left out from now on. */
  dropRejected(error: unknown, sent: FetchOptionFields): boolean;
  /** `fetchFn` with these fields; a field the runtime refuses is dropped and the request sent again. */
  send(fetchFn: typeof fetch, input: string | URL, init: RequestInit): Promise<Response>;
}

/** The Cloudflare Workers probe the SDK uses. */
export function isCloudflareWorkers(global: object = globalThis): boolean {
  return 'WebSocketPair' in global;
}

export function createFetchOptions(opts: { cacheNoStore: boolean; isCloudflareWorkers?: boolean }): FetchOptions {
  const omitted = new Set<keyof FetchOptionFields>(opts.isCloudflareWorkers ?? isCloudflareWorkers() ? ['credentials', 'cache'] : []);
  if (!opts.cacheNoStore) omitted.add('cache');
  const options: FetchOptions = {
    async send(fetchFn, input, init) {
      for (;;) {
        const fields = options.fields();
        try {
          return await fetchFn(input, { ...init, ...fields });
        } catch (error) {
          if (!options.dropRejected(error, fields)) throw error;
        }
      }
    },
    fields() {
      return {
        ...(omitted.has('credentials') ? {} : { credentials: 'omit' }),
        ...(omitted.has('cache') ? {} : { cache: 'no-store' }),
      };
    },
    dropRejected(error, sent) {
      if (!(error instanceof TypeError)) return false;
      // Only a message that names the field: a network failure is a TypeError too, and must stay one.
      const rejected = (Object.keys(sent) as (keyof FetchOptionFields)[]).find((field) => new RegExp(`\\b${field}\\b`, 'i').test(error.message));
      if (rejected === undefined) return false;
      omitted.add(rejected);
      return true;
    },
  };
  return options;
}

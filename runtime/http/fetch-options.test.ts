import { describe, expect, it } from 'vitest';
import { createFetchOptions, isCloudflareWorkers } from './fetch-options.ts';

const WORKERS_REJECTS_CACHE = new TypeError("The 'cache' field on 'RequestInitializerDict' is not implemented.");

describe('fetch options', () => {
  it('credentials omit always; cache no-store only when asked', () => {
    expect(createFetchOptions({ cacheNoStore: false, isCloudflareWorkers: false }).fields()).toEqual({ credentials: 'omit' });
    expect(createFetchOptions({ cacheNoStore: true, isCloudflareWorkers: false }).fields()).toEqual({ credentials: 'omit', cache: 'no-store' });
  });

  it('leaves both out on Cloudflare Workers (the WebSocketPair global), as the SDK does', () => {
    expect(isCloudflareWorkers({ WebSocketPair: class {} })).toBe(true);
    expect(isCloudflareWorkers({})).toBe(false);
    expect(isCloudflareWorkers()).toBe(false); // Node
    expect(createFetchOptions({ cacheNoStore: true, isCloudflareWorkers: true }).fields()).toEqual({});
  });

  it('drops a field the runtime rejects by name, for good; other TypeErrors are not rejections', () => {
    const options = createFetchOptions({ cacheNoStore: true, isCloudflareWorkers: false });
    const sent = options.fields();
    expect(options.dropRejected(new TypeError('fetch failed'), sent)).toBe(false);
    expect(options.dropRejected(new Error("The 'cache' field is not implemented."), sent)).toBe(false);
    expect(options.fields()).toEqual({ credentials: 'omit', cache: 'no-store' });
    expect(options.dropRejected(WORKERS_REJECTS_CACHE, sent)).toBe(true);
    expect(options.fields()).toEqual({ credentials: 'omit' });
    // A field not sent cannot be the one rejected.
    expect(options.dropRejected(WORKERS_REJECTS_CACHE, options.fields())).toBe(false);
    expect(options.dropRejected(new TypeError("The 'credentials' field on 'RequestInitializerDict' is not implemented."), options.fields())).toBe(true);
    expect(options.fields()).toEqual({});
  });
});

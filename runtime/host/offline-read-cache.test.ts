import { describe, expect, it } from 'vitest';
import { FROM_CACHE_HEADER, OfflineReadCache } from './offline-read-cache.ts';

describe('OfflineReadCache', () => {
  it("keeps the last good /users/me for its user only, marked as from cache", async () => {
    const cache = new OfflineReadCache();
    const passed = await cache.remember('/users/me', 'u1', Response.json({ id: 'u1' }));
    expect(await passed.json()).toEqual({ id: 'u1' });
    const recalled = cache.recall('/users/me', 'u1');
    expect(await recalled?.json()).toEqual({ id: 'u1' });
    expect(recalled?.headers.get(FROM_CACHE_HEADER)).toBe('1');
    expect(cache.recall('/users/me', 'u2')).toBeNull();
    expect(cache.recall('/users/me', null)).toBeNull();
  });

  it('ignores failures and other paths, and forgets everything on clear', async () => {
    const cache = new OfflineReadCache();
    await cache.remember('/users/me', 'u1', new Response('no', { status: 500 }));
    await cache.remember('/teams?user_id=me', 'u1', Response.json({ items: [] }));
    expect(cache.recall('/users/me', 'u1')).toBeNull();
    await cache.remember('/projects/current', null, Response.json({ id: 'p' }));
    expect(cache.recall('/projects/current', 'anyone')).not.toBeNull();
    cache.clear();
    expect(cache.recall('/projects/current', null)).toBeNull();
  });
});

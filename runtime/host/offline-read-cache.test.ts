import { afterEach, describe, expect, it, vi } from 'vitest';
import { Answer } from './answer.ts';
import { FROM_CACHE_HEADER, OfflineReadCache } from './offline-read-cache.ts';
import { countBodyReads } from '../../testing/runtime/body-reads.ts';
import { memoryRecords, sealedStore } from '../../testing/runtime/host.ts';

describe('OfflineReadCache', () => {
  afterEach(() => vi.restoreAllMocks());

  it("shares the answer's one body read with the page's Response, which keeps the answer's bytes, status and headers", async () => {
    const cache = new OfflineReadCache();
    const reads = countBodyReads();
    const bytes = new TextEncoder().encode('\uFEFF{"id":"u1"}');
    const answer = new Answer(new Response(bytes, { status: 200, statusText: 'Fine', headers: { 'content-type': 'application/json', 'x-stack-request-id': 'r1' } }));
    await cache.remember('/users/me', () => 'u1', answer);
    const response = await answer.toResponse();
    expect(reads.count).toBe(1);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    expect([response.status, response.statusText, response.headers.get('x-stack-request-id')]).toEqual([200, 'Fine', 'r1']);
  });

  it('does not read the answers it does not keep', async () => {
    const cache = new OfflineReadCache();
    const reads = countBodyReads();
    await cache.remember('/teams', () => 'u1', new Answer(Response.json({ items: [] })));
    await cache.remember('/users/me', () => 'u1', new Answer(Response.json({ code: 'X' }, { status: 400 })));
    expect(reads.count).toBe(0);
  });

  it('keeps the last good /users/me for its user only, marked as from cache', async () => {
    const cache = new OfflineReadCache();
    await cache.remember('/users/me', () => 'u1', new Answer(Response.json({ id: 'u1' })));
    const recalled = await cache.recall('/users/me', 'u1');
    expect(await recalled?.json()).toEqual({ id: 'u1' });
    expect(recalled?.headers.get(FROM_CACHE_HEADER)).toBe('1');
    expect(recalled?.headers.get('content-type')).toContain('application/json');
    expect(await cache.recall('/users/me', 'u2')).toBeNull();
    expect(await cache.recall('/users/me', null)).toBeNull();
  });

  it('ignores failures, other paths, and a user answer that arrives for no user', async () => {
    const cache = new OfflineReadCache();
    await cache.remember('/users/me', () => 'u1', new Answer(new Response('no', { status: 500 })));
    await cache.remember('/teams?user_id=me', () => 'u1', new Answer(Response.json({ items: [] })));
    expect(await cache.recall('/users/me', 'u1')).toBeNull();
    expect(await cache.recall('/teams?user_id=me', 'u1')).toBeNull();
    await cache.remember('/users/me', () => null, new Answer(Response.json({ id: 'u1' })));
    expect(await cache.recall('/users/me', null)).toBeNull();
  });

  it("gives the stored user's body for hello, and null when storage does not answer in time", async () => {
    const cache = new OfflineReadCache();
    await cache.remember('/users/me', () => 'u1', new Answer(Response.json({ id: 'u1' })));
    expect(await cache.storedUser('u1', 100)).toEqual({ userId: 'u1', body: '{"id":"u1"}' });
    expect(await cache.storedUser('u2', 100)).toBeNull();
    // A fresh worker whose sealed store hangs: hello goes on without the stored user.
    const hanging = new OfflineReadCache({ sealed: { open: () => new Promise(() => undefined) } as never });
    vi.useFakeTimers();
    try {
      const answer = hanging.storedUser('u1', 250);
      await vi.advanceTimersByTimeAsync(250);
      expect(await answer).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets the user on sign-out and keeps the project', async () => {
    const cache = new OfflineReadCache();
    await cache.remember('/users/me', () => 'u1', new Answer(Response.json({ id: 'u1' })));
    await cache.remember('/projects/current', () => null, new Answer(Response.json({ id: 'p' })));
    expect(await cache.recall('/projects/current', 'anyone')).not.toBeNull();
    await cache.forgetUser();
    expect(await cache.recall('/users/me', 'u1')).toBeNull();
    expect(await (await cache.recall('/projects/current', null))?.json()).toEqual({ id: 'p' });
  });

  it('outlives the worker: a restarted worker serves the stored answers, sealed at rest', async () => {
    const records = memoryRecords();
    const first = new OfflineReadCache({ sealed: sealedStore(records) });
    await first.remember('/users/me', () => 'u1', new Answer(Response.json({ id: 'u1', primary_email: 'private@example.com' })));
    await first.remember('/projects/current', () => 'u1', new Answer(Response.json({ id: 'p' })));
    // Stored off the request path: wait for both records.
    await vi.waitFor(() => expect([...records.entries.keys()].filter((key) => key.startsWith('offline/'))).toHaveLength(2));
    for (const [key, value] of records.entries) {
      if (key.startsWith('offline/')) expect(new TextDecoder().decode((value as { data: ArrayBuffer }).data)).not.toContain('private@example.com');
    }

    const restarted = new OfflineReadCache({ sealed: sealedStore(records) });
    expect(await (await restarted.recall('/users/me', 'u1'))?.json()).toEqual({ id: 'u1', primary_email: 'private@example.com' });
    expect(await restarted.recall('/users/me', 'u2')).toBeNull();
    expect(await (await restarted.recall('/projects/current', null))?.json()).toEqual({ id: 'p' });
  });

  it("drops the user's stored answer on sign-out, even while it is still being stored", async () => {
    const records = memoryRecords();
    const cache = new OfflineReadCache({ sealed: sealedStore(records) });
    await cache.remember('/projects/current', () => null, new Answer(Response.json({ id: 'p' })));
    await cache.remember('/users/me', () => 'u1', new Answer(Response.json({ id: 'u1' })));
    await cache.forgetUser();
    const restarted = new OfflineReadCache({ sealed: sealedStore(records) });
    expect(await restarted.recall('/users/me', 'u1')).toBeNull();
    expect(await restarted.recall('/projects/current', null)).not.toBeNull();
  });
});

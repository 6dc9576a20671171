import { afterEach, describe, expect, it, vi } from 'vitest';
import { AsyncCache, CACHE_EVICT_AFTER_MS, CACHE_THROTTLE_MS } from './async-cache.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Fake timers (Date.now and setTimeout); `advance` runs due timers and lets promises settle. */
function manualClock() {
  vi.useFakeTimers({ now: 1_000 });
  return {
    async advance(ms: number) {
      await vi.advanceTimersByTimeAsync(ms);
      await flush();
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/** A loader whose calls the test answers one by one. */
function controlledLoader() {
  const calls: { key: string; resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const load = (key: string) => new Promise<string>((resolve, reject) => calls.push({ key, resolve, reject }));
  return { calls, load };
}

describe('AsyncCache', () => {
  it('keeps the answer for readers (peek) without fetching again', async () => {
    manualClock();
    const { calls, load } = controlledLoader();
    const cache = new AsyncCache(load);
    expect(cache.peek('me')).toBeUndefined();
    const fetched = cache.refresh('me');
    calls[0]!.resolve('ada');
    await expect(fetched).resolves.toBe('ada');
    expect(cache.peek('me')).toBe('ada');
    expect(calls).toHaveLength(1);
  });

  it('a refresh during a fetch waits for it, starts 300 ms after it started, and batches every caller', async () => {
    const clock = manualClock();
    const { calls, load } = controlledLoader();
    const cache = new AsyncCache(load);
    const first = cache.refresh('me');
    const second = cache.refresh('me');
    const third = cache.refresh('me');
    expect(second).toBe(third);
    expect(calls).toHaveLength(1);
    await clock.advance(50);
    calls[0]!.resolve('before the mutation');
    await expect(first).resolves.toBe('before the mutation');
    expect(calls).toHaveLength(1); // concurrency 1 and the throttle: not yet
    await clock.advance(CACHE_THROTTLE_MS - 51);
    expect(calls).toHaveLength(1);
    await clock.advance(1);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('after the mutation');
    await expect(second).resolves.toBe('after the mutation');
    expect(cache.peek('me')).toBe('after the mutation');
  });

  it('a refresh long after the last fetch starts at once; a failed fetch keeps the last value', async () => {
    const clock = manualClock();
    const { calls, load } = controlledLoader();
    const cache = new AsyncCache(load);
    const first = cache.refresh('me');
    calls[0]!.resolve('v1');
    await first;
    await clock.advance(1_000);
    const failing = cache.refresh('me');
    expect(calls).toHaveLength(2);
    calls[1]!.reject(new Error('offline'));
    await expect(failing).rejects.toThrow('offline');
    expect(cache.peek('me')).toBe('v1');
  });

  it('drops the value 5 s after the last subscriber leaves, unless someone subscribed again', async () => {
    const clock = manualClock();
    const { calls, load } = controlledLoader();
    const cache = new AsyncCache(load);
    const read = cache.refresh('teams');
    calls[0]!.resolve('list');
    await read;
    const leaveA = cache.subscribe('teams');
    leaveA();
    await clock.advance(CACHE_EVICT_AFTER_MS - 1);
    const leaveB = cache.subscribe('teams'); // back before the 5 s: kept
    await clock.advance(10);
    expect(cache.peek('teams')).toBe('list');
    leaveB();
    await clock.advance(CACHE_EVICT_AFTER_MS);
    expect(cache.peek('teams')).toBeUndefined();
  });

  it('tells onEvict which key it dropped, once, and only when nobody came back', async () => {
    const clock = manualClock();
    const { calls, load } = controlledLoader();
    const evicted: string[] = [];
    const cache = new AsyncCache(load, { onEvict: (key) => evicted.push(key) });
    const read = cache.refresh('teams');
    calls[0]!.resolve('list');
    await read;
    const leaveA = cache.subscribe('teams');
    const leaveOther = cache.subscribe('channels');
    leaveA();
    await clock.advance(1_000);
    const leaveB = cache.subscribe('teams');
    leaveB();
    await clock.advance(CACHE_EVICT_AFTER_MS - 1);
    expect(evicted).toEqual([]); // the first leave's timer is stale: B left only 4,999 ms ago
    await clock.advance(1);
    expect(evicted).toEqual(['teams']);
    expect(cache.has('teams')).toBe(false);
    await clock.advance(CACHE_EVICT_AFTER_MS * 2);
    expect(evicted).toEqual(['teams']); // 'channels' is still subscribed
    leaveOther();
    await clock.advance(CACHE_EVICT_AFTER_MS);
    expect(evicted).toEqual(['teams', 'channels']);
  });

  it('has() tells a stored undefined from no value', async () => {
    const cache = new AsyncCache(async (key: string) => (key === 'none' ? undefined : key));
    expect(cache.has('none')).toBe(false);
    await cache.refresh('none');
    expect(cache.has('none')).toBe(true);
    expect(cache.peek('none')).toBeUndefined();
  });

  it('keys are independent', async () => {
    const { calls, load } = controlledLoader();
    const cache = new AsyncCache(load);
    void cache.refresh('a');
    void cache.refresh('b');
    expect(calls.map((c) => c.key)).toEqual(['a', 'b']);
  });
});

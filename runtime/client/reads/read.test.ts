import { afterEach, describe, expect, it, vi } from 'vitest';
import { CACHE_EVICT_AFTER_MS, CACHE_THROTTLE_MS, Read } from './read.ts';

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
  const calls: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const load = () => new Promise<string>((resolve, reject) => calls.push({ resolve, reject }));
  return { calls, load };
}

describe('Read', () => {
  it('keeps the answer for readers (peek) without fetching again', async () => {
    manualClock();
    const { calls, load } = controlledLoader();
    const cache = new Read(load);
    expect(cache.peek()).toBeUndefined();
    const fetched = cache.refresh();
    calls[0]!.resolve('ada');
    await expect(fetched).resolves.toBe('ada');
    expect(cache.peek()).toBe('ada');
    expect(calls).toHaveLength(1);
  });

  it('a refresh during a fetch waits for it, starts 300 ms after it started, and batches every caller', async () => {
    const clock = manualClock();
    const { calls, load } = controlledLoader();
    const cache = new Read(load);
    const first = cache.refresh();
    const second = cache.refresh();
    const third = cache.refresh();
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
    expect(cache.peek()).toBe('after the mutation');
  });

  it('a refresh long after the last fetch starts at once; a failed fetch keeps the last value', async () => {
    const clock = manualClock();
    const { calls, load } = controlledLoader();
    const cache = new Read(load);
    const first = cache.refresh();
    calls[0]!.resolve('v1');
    await first;
    await clock.advance(1_000);
    const failing = cache.refresh();
    expect(calls).toHaveLength(2);
    calls[1]!.reject(new Error('offline'));
    await expect(failing).rejects.toThrow('offline');
    expect(cache.peek()).toBe('v1');
  });

  it('drops the value 5 s after the last holder leaves, unless someone held it again', async () => {
    const clock = manualClock();
    const { calls, load } = controlledLoader();
    const cache = new Read(load);
    const read = cache.refresh();
    calls[0]!.resolve('list');
    await read;
    const leaveA = cache.subscribe(() => undefined);
    leaveA();
    await clock.advance(CACHE_EVICT_AFTER_MS - 1);
    const leaveB = cache.subscribe(() => undefined); // back before the 5 s: kept
    await clock.advance(10);
    expect(cache.peek()).toBe('list');
    leaveB();
    await clock.advance(CACHE_EVICT_AFTER_MS);
    expect(cache.peek()).toBeUndefined();
  });

  it('tells onEvict when it dropped the value, once, and only when nobody came back', async () => {
    const clock = manualClock();
    const { calls, load } = controlledLoader();
    let evicted = 0;
    const cache = new Read(load, () => (evicted += 1));
    const read = cache.refresh();
    calls[0]!.resolve('list');
    await read;
    const leaveA = cache.subscribe(() => undefined);
    leaveA();
    await clock.advance(1_000);
    const leaveB = cache.subscribe(() => undefined);
    leaveB();
    await clock.advance(CACHE_EVICT_AFTER_MS - 1);
    expect(evicted).toBe(0); // the first leave's timer is stale: B left only 4,999 ms ago
    await clock.advance(1);
    expect(evicted).toBe(1);
    expect(cache.has()).toBe(false);
    await clock.advance(CACHE_EVICT_AFTER_MS * 2);
    expect(evicted).toBe(1);
  });

  it('has() tells a stored undefined from no value', async () => {
    const cache = new Read(async () => undefined);
    expect(cache.has()).toBe(false);
    await cache.refresh();
    expect(cache.has()).toBe(true);
    expect(cache.peek()).toBeUndefined();
  });

  it('fetch() keeps the newest failure in error, clears it with the next answer, and tells the holders each time', async () => {
    manualClock();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('list');
    const cache = new Read<string>(load);
    const told = vi.fn();
    cache.subscribe(told);
    await cache.fetch();
    expect(cache.error).toEqual(new Error('offline'));
    expect(cache.has()).toBe(false);
    vi.setSystemTime(Date.now() + CACHE_THROTTLE_MS);
    await cache.fetch();
    expect(cache.error).toBeUndefined();
    expect(cache.peek()).toBe('list');
    expect(told).toHaveBeenCalledTimes(2);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay, retryOnError, sleepUnlessAborted } from './retry.ts';
import { fakeClock, instantSleep, manualSleep } from '../../testing/runtime/http.ts';

describe('backoffDelay', () => {
  it('is (random + 0.5) * base * 2^i', () => {
    expect(backoffDelay(0, () => 0, 1000)).toBe(500);
    expect(backoffDelay(0, () => 0.5, 1000)).toBe(1000);
    expect(backoffDelay(1, () => 0.5, 1000)).toBe(2000);
    expect(backoffDelay(3, () => 0.25, 1000)).toBe(6000);
  });

  it('stays within [0.5, 1.5] * base * 2^i for any random in [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (i, r) => {
        const delay = backoffDelay(i, () => r, 1000);
        return delay >= 0.5 * 1000 * 2 ** i && delay <= 1.5 * 1000 * 2 ** i;
      }),
    );
  });
});

describe('retryOnError', () => {
  it('retries every thrown error up to 5 attempts with the exact backoff, then rethrows the last one', async () => {
    const clock = fakeClock();
    const { sleep, delays } = instantSleep(clock);
    let calls = 0;
    const run = retryOnError(
      async (i) => {
        calls++;
        throw new Error(`attempt ${i}`);
      },
      { sleep, random: () => 0.5 },
    );
    await expect(run).rejects.toThrow('attempt 4');
    expect(calls).toBe(5);
    expect(delays).toEqual([1000, 2000, 4000, 8000]);
  });

  it('returns the first success without further sleeps', async () => {
    const { sleep, delays } = instantSleep(fakeClock());
    const result = await retryOnError(
      async (i) => {
        if (i < 2) throw new Error('flaky');
        return 'ok';
      },
      { sleep, random: () => 0 },
    );
    expect(result).toBe('ok');
    expect(delays).toEqual([500, 1000]);
  });

  it('honours attempts and baseDelayMs', async () => {
    const { sleep, delays } = instantSleep(fakeClock());
    await expect(
      retryOnError(
        async () => {
          throw new Error('no');
        },
        { sleep, random: () => 0.5, attempts: 2, baseDelayMs: 10 },
      ),
    ).rejects.toThrow('no');
    expect(delays).toEqual([10]);
  });
});

describe('sleepUnlessAborted', () => {
  it('rejects with the abort reason while the sleep is still pending', async () => {
    const manual = manualSleep();
    const controller = new AbortController();
    const waiting = sleepUnlessAborted(manual.sleep, 1000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
  });

  it('rejects at once for an already aborted signal without sleeping', async () => {
    const manual = manualSleep();
    await expect(sleepUnlessAborted(manual.sleep, 1000, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(manual.pending()).toEqual([]);
  });

  it('resolves when the sleep ends', async () => {
    const manual = manualSleep();
    const waiting = sleepUnlessAborted(manual.sleep, 5, new AbortController().signal);
    manual.releaseAll();
    await expect(waiting).resolves.toBeUndefined();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS, RateGovernor, parseRetryAfter } from './rate-governor.ts';
import { fakeClock, flushMicrotasks, instantSleep, manualSleep } from '../../testing/runtime/http.ts';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
  });

  it('is null when absent or unreadable', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
  });

  it('caps the pause so one answer cannot freeze every tab', () => {
    expect(parseRetryAfter('86400', now)).toBe(MAX_RETRY_AFTER_MS);
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), (seconds) => {
        const ms = parseRetryAfter(String(seconds), now);
        return ms !== null && ms >= 0 && ms <= MAX_RETRY_AFTER_MS;
      }),
    );
  });
});

describe('RateGovernor', () => {
  it('is open until paused, then waits out exactly the remaining time', async () => {
    const clock = fakeClock();
    const { sleep, delays } = instantSleep(clock);
    const governor = new RateGovernor(clock.now, sleep);
    await governor.waitUntilOpen();
    expect(delays).toEqual([]);

    governor.pauseFor(3000);
    expect(governor.pausedUntil).toBe(clock.now() + 3000);
    clock.advance(1000);
    await governor.waitUntilOpen();
    expect(delays).toEqual([2000]);
    await governor.waitUntilOpen();
    expect(delays).toEqual([2000]);
  });

  it('never shortens a longer pause', () => {
    const clock = fakeClock();
    const governor = new RateGovernor(clock.now, instantSleep(clock).sleep);
    governor.pauseFor(5000);
    governor.pauseFor(1000);
    expect(governor.pausedUntil).toBe(clock.now() + 5000);
  });

  it('waits again when another 429 extends the pause meanwhile', async () => {
    const clock = fakeClock();
    const manual = manualSleep();
    const governor = new RateGovernor(clock.now, manual.sleep);
    governor.pauseFor(1000);
    let open = false;
    void governor.waitUntilOpen().then(() => (open = true));
    await flushMicrotasks();
    expect(manual.pending()).toEqual([1000]);

    governor.pauseFor(4000);
    clock.advance(1000);
    manual.releaseAll();
    await flushMicrotasks();
    expect(open).toBe(false);
    expect(manual.pending()).toEqual([3000]);

    clock.advance(3000);
    manual.releaseAll();
    await flushMicrotasks();
    expect(open).toBe(true);
  });

  it('ends even when the injected clock does not move', async () => {
    const governor = new RateGovernor(() => 1000, async () => undefined);
    governor.pauseFor(500);
    await expect(governor.waitUntilOpen()).resolves.toBeUndefined();
  });

  it('lets an aborted waiter go with the abort reason', async () => {
    const clock = fakeClock();
    const governor = new RateGovernor(clock.now, manualSleep().sleep);
    governor.pauseFor(1000);
    const controller = new AbortController();
    const waiting = governor.waitUntilOpen(controller.signal);
    controller.abort(new Error('user left'));
    await expect(waiting).rejects.toThrow('user left');
  });
});

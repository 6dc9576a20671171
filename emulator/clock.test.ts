import { describe, expect, it } from 'vitest';
import { createClock } from './clock.ts';

describe('createClock', () => {
  it('adds advanced time to the base clock', () => {
    const clock = createClock(() => 1_000);
    expect(clock.now()).toBe(1_000);
    clock.advance(660_000);
    expect(clock.now()).toBe(661_000);
  });

  it('refuses to go backwards', () => {
    expect(() => createClock().advance(-1)).toThrow(RangeError);
  });
});

describe('EmulatorClock.sleep', () => {
  it('a virtual sleep advances the clock and returns at once', async () => {
    const clock = createClock(() => 1_000, { virtualSleep: true });
    const started = performance.now();
    await clock.sleep(2_500);
    expect(clock.now()).toBe(3_500);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('a real sleep waits and leaves the offset alone', async () => {
    const clock = createClock(() => 1_000);
    const started = performance.now();
    await clock.sleep(30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(clock.now()).toBe(1_000);
  });
});

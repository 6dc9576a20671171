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

  it('setOffset skews the clock either side of the base and replaces earlier advances', () => {
    const clock = createClock(() => 1_000_000);
    clock.advance(60_000);
    clock.setOffset(-300_000);
    expect(clock.now()).toBe(700_000);
    clock.advance(1_000);
    expect(clock.now()).toBe(701_000);
    clock.setOffset(300_000);
    expect(clock.now()).toBe(1_300_000);
    expect(() => clock.setOffset(Number.NaN)).toThrow(RangeError);
    expect(clock.now()).toBe(1_300_000);
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

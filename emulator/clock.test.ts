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

// The emulator's only source of time: tests and the control API move it forward instead of sleeping.

export interface EmulatorClock {
  /** Milliseconds since the epoch, as the emulator sees them. */
  now(): number;
  /** Moves the emulator's time forward by `ms` (never backwards). */
  advance(ms: number): void;
}

export function createClock(base: () => number = Date.now): EmulatorClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance(ms) needs a finite ms >= 0, got ${ms}`);
      offset += ms;
    },
  };
}

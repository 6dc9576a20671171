// core/ (the bottom layer, imports no other emulator folder): the known and status errors, the clock, the request stats.
// The emulator's only source of time: tests and the control API move it forward instead of sleeping.

export interface EmulatorClock {
  /** Milliseconds since the epoch, as the emulator sees them. */
  now(): number;
  /** Moves the emulator's time forward by `ms` (never backwards). */
  advance(ms: number): void;
  /** Sets the emulator's time to the base clock plus `ms`, either side: a server whose clock disagrees with its clients'. */
  setOffset(ms: number): void;
  /** Waits `ms` (the backend's deliberate delays); a virtual clock advances its time and returns at once. */
  sleep(ms: number): Promise<void>;
}

export interface ClockOptions {
  /** `sleep()` advances the clock instead of waiting (tests). */
  virtualSleep?: boolean;
}

export function createClock(base: () => number = Date.now, opts: ClockOptions = {}): EmulatorClock {
  let offset = 0;
  const advance = (ms: number) => {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance(ms) needs a finite ms >= 0, got ${ms}`);
    offset += ms;
  };
  return {
    now: () => base() + offset,
    advance,
    setOffset: (ms) => {
      if (!Number.isFinite(ms)) throw new RangeError(`setOffset(ms) needs a finite ms, got ${ms}`);
      offset = ms;
    },
    sleep: (ms) => {
      if (opts.virtualSleep) {
        advance(ms);
        return Promise.resolve();
      }
      return new Promise((resolve) => setTimeout(resolve, ms));
    },
  };
}

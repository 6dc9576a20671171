// The 429 rule: one pause shared by every request of a pipeline, i.e. by every tab in the worker.

import { sleepUnlessAborted } from './retry.ts';

/** A hostile or mistaken Retry-After must not freeze every tab for hours. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** Retry-After as delay-seconds or an HTTP date, in ms from `nowMs`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    ms = Number(trimmed) * 1000;
  } else if (/^[a-z]{3}/i.test(trimmed)) {
    // HTTP dates start with the day name; this keeps Date.parse from reading '-5' as a year.
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return null;
    ms = date - nowMs;
  } else {
    return null;
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

export class RateGovernor {
  #pausedUntil = 0;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(now: () => number, sleep: (ms: number) => Promise<void>) {
    this.#now = now;
    this.#sleep = sleep;
  }

  /** Epoch ms before which no request may start; 0 or a past time when open. */
  get pausedUntil(): number {
    return this.#pausedUntil;
  }

  /** Extends the pause to at least `ms` from now (never shortens a longer pause already in force). */
  pauseFor(ms: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, this.#now() + Math.max(0, ms));
  }

  /** Resolves once the pause has passed, waiting again if another 429 extended it meanwhile. */
  async waitUntilOpen(signal?: AbortSignal): Promise<void> {
    let waitedFor = -Infinity;
    for (;;) {
      const until = this.#pausedUntil;
      // Sleeping once per pause value (not polling the clock) keeps this finite even with a clock that does not move.
      if (until <= waitedFor) return;
      const remaining = until - this.#now();
      if (remaining <= 0) return;
      await sleepUnlessAborted(this.#sleep, remaining, signal);
      waitedFor = until;
    }
  }
}

// The SDK's exponential backoff: 5 attempts, delay (random + 0.5) * base * 2^i before retry i.

import { raceAbort } from './abort.ts';

export interface RetryOptions {
  /** Total attempts, first one included. Default 5. */
  attempts?: number;
  /** Default 1000 ms. */
  baseDelayMs?: number;
  /** Uniform in [0, 1). Default Math.random. */
  random?: () => number;
  /** Default a setTimeout-based sleep. */
  sleep?: (ms: number) => Promise<void>;
  /** False for an error that another attempt cannot fix: it is thrown at once. Default: every error is retried. */
  retryable?: (error: unknown) => boolean;
}

export const DEFAULT_ATTEMPTS = 5;
export const DEFAULT_BASE_DELAY_MS = 1000;

/** Delay before retry number `attemptIndex` (0-based): ~0.5-1.5 s, 1-3 s, 2-6 s, 4-12 s with the default base. */
export function backoffDelay(attemptIndex: number, random: () => number, baseMs: number): number {
  return (random() + 0.5) * baseMs * 2 ** attemptIndex;
}

export function realSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** Sleeps, but rejects with the signal's reason as soon as the signal aborts. */
export function sleepUnlessAborted(sleep: (ms: number) => Promise<void>, ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return raceAbort(sleep(ms), signal);
}

/**
 * Runs `attempt` until it resolves, retrying every thrown error with backoff (the SDK's `Result.retry`).
 * When every attempt failed, the last error is rethrown.
 */
export async function retryOnError<T>(attempt: (attemptIndex: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = Number.isFinite(options.attempts) ? Math.max(1, Math.floor(options.attempts as number)) : DEFAULT_ATTEMPTS;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? realSleep;
  const baseMs = options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
  let lastError: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      return await attempt(i);
    } catch (error) {
      if (options.retryable && !options.retryable(error)) throw error;
      lastError = error;
    }
    if (i < attempts - 1) await sleep(backoffDelay(i, random, baseMs));
  }
  throw lastError;
}

import { OfflineError } from '../http/errors.ts';
import { realSleep, type RetryOptions } from '../http/retry.ts';

/**
 * The refresh grant's retry while the browser says it is offline: no backoff (~15 s over 5 attempts),
 * the refresh fails as offline at once, so a request shows its offline answer (a worker restarted
 * offline has no access token yet) and the next request tries again.
 */
export function refreshRetry(isOnline: () => boolean, sleep: (ms: number) => Promise<void> = realSleep): RetryOptions {
  return { sleep: (ms) => (isOnline() ? sleep(ms) : Promise.reject(new OfflineError())) };
}

import { describe, expect, it } from 'vitest';
import { OfflineError } from '../http/errors.ts';
import { requestRefreshGrant } from '../session/refresh-grant.ts';
import { refreshRetry } from './refresh-retry.ts';

function grant(online: boolean) {
  let attempts = 0;
  const slept: number[] = [];
  const fetch = async () => {
    attempts += 1;
    throw new TypeError('Failed to fetch');
  };
  const retry = refreshRetry(() => online, async (ms) => void slept.push(ms));
  const result = requestRefreshGrant({ apiUrl: 'http://api.test', projectId: 'p', publishableClientKey: 'pck', fetch, retry }, 'rt');
  return { result, attempts: () => attempts, slept };
}

describe('refreshRetry', () => {
  it('gives up at once, as offline, while the browser is offline', async () => {
    const offline = grant(false);
    await expect(offline.result).rejects.toBeInstanceOf(OfflineError);
    expect(offline.attempts()).toBe(1);
  });

  it('backs off as usual while online', async () => {
    const online = grant(true);
    await expect(online.result).rejects.toBeInstanceOf(TypeError);
    expect(online.attempts()).toBe(5);
    expect(online.slept).toHaveLength(4);
  });
});

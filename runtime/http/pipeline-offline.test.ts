import { describe, expect, it } from 'vitest';
import { OfflineError } from './errors.ts';
import { networkDown, setupPipeline } from '../../testing/runtime/http.ts';

describe('pipeline when the browser is offline', () => {
  it('fails a GET at once with the offline error instead of backing off', async () => {
    const { pipeline, calls, delays } = setupPipeline(networkDown, { isOnline: () => false });
    await expect(pipeline.send({ path: '/users/me' })).rejects.toBeInstanceOf(OfflineError);
    expect(calls).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('still retries a GET when only the server is unreachable', async () => {
    const { pipeline, calls } = setupPipeline(networkDown, { isOnline: () => true });
    await expect(pipeline.send({ path: '/users/me' })).rejects.toThrow('Unable to connect to https://api.example.com/api/v1/users/me');
    expect(calls.length).toBeGreaterThan(1);
  });
});

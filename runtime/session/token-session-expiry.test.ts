// The access token's expiry is decoded once per token, not once per request (the worker asks on every request).
import { describe, expect, it, vi } from 'vitest';
import { accessTokenExpiresAt } from './jwt.ts';
import { TokenSession } from './token-session.ts';
import { fakeAccessToken } from '../../testing/runtime/host.ts';

vi.mock('./jwt.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./jwt.ts')>();
  return { ...actual, accessTokenExpiresAt: vi.fn(actual.accessTokenExpiresAt) };
});

describe('TokenSession expiry', () => {
  it('decodes a token once however many requests use it, and decodes the next token anew', async () => {
    const first = fakeAccessToken('u', Date.now() + 600_000);
    const next = fakeAccessToken('u', Date.now() + 900_000);
    const session = new TokenSession({ refreshToken: 'rt', accessToken: first, refreshAccessToken: async () => next });
    for (let i = 0; i < 20; i++) expect(await session.getTokens(20_000)).toEqual({ accessToken: first, refreshToken: 'rt' });
    expect(vi.mocked(accessTokenExpiresAt)).toHaveBeenCalledTimes(1);
    session.markAccessTokenExpired(first);
    expect(await session.getTokens(20_000)).toEqual({ accessToken: next, refreshToken: 'rt' });
    expect(await session.getTokens(20_000)).toEqual({ accessToken: next, refreshToken: 'rt' });
    expect(vi.mocked(accessTokenExpiresAt)).toHaveBeenCalledTimes(2);
  });
});

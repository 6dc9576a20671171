import { describe, expect, it } from 'vitest';
import { makeJwt, tokenExpiringIn } from '../../testing/runtime/http.ts';
import { AccessTokenOnlySession } from './access-token-session.ts';

const NOW = 1_700_000_000_000;

describe('AccessTokenOnlySession', () => {
  it('yields the token while it has the asked margin left', async () => {
    const token = tokenExpiringIn(NOW, 60_000);
    const session = new AccessTokenOnlySession(token, () => NOW);
    expect(await session.getTokens(20_000)).toEqual({ accessToken: token, refreshToken: '' });
    expect(await session.getTokens(59_000)).not.toBeNull();
  });

  it('yields nothing once expired, without a token, or for the literal "undefined"', async () => {
    expect(await new AccessTokenOnlySession(tokenExpiringIn(NOW, 10_000), () => NOW).getTokens(20_000)).toBeNull();
    expect(await new AccessTokenOnlySession(null).getTokens()).toBeNull();
    expect(await new AccessTokenOnlySession('undefined').getTokens()).toBeNull();
  });

  it('a token without exp never expires; marking it expired ends the session', async () => {
    const token = makeJwt({ sub: 'u' });
    const session = new AccessTokenOnlySession(token, () => NOW);
    session.markAccessTokenExpired('other');
    expect(await session.getTokens(20_000)).not.toBeNull();
    session.markAccessTokenExpired(token);
    expect(await session.getTokens()).toBeNull();
  });
});

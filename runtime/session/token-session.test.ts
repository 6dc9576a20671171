import { describe, expect, it, vi } from 'vitest';
import { fakeClock, flushMicrotasks, makeJwt, tokenExpiringIn } from '../../testing/runtime/http.ts';
import { givenToken, TokenSession, type SessionEvent } from './token-session.ts';

const TEN_MINUTES = 600_000;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(opts: { refreshToken?: string | null; accessToken?: string | null; refresh?: (rt: string) => Promise<string | null> } = {}) {
  const clock = fakeClock();
  const refreshAccessToken = vi.fn(opts.refresh ?? (async () => tokenExpiringIn(clock.now(), TEN_MINUTES, 'refreshed')));
  const session = new TokenSession({
    refreshToken: opts.refreshToken === undefined ? 'rt-1' : opts.refreshToken,
    accessToken: opts.accessToken,
    refreshAccessToken,
    now: clock.now,
  });
  const events: SessionEvent[] = [];
  session.subscribe((e) => events.push(e));
  return { session, clock, refreshAccessToken, events };
}

describe('TokenSession: cached token and margin', () => {
  it('uses a cached token with 21 s left without refreshing', async () => {
    const clock = fakeClock();
    const token = tokenExpiringIn(clock.now(), 21_000);
    const refreshAccessToken = vi.fn(async () => tokenExpiringIn(clock.now(), TEN_MINUTES));
    const session = new TokenSession({ refreshToken: 'rt-1', accessToken: token, refreshAccessToken, now: clock.now });
    await expect(session.getTokens()).resolves.toEqual({ accessToken: token, refreshToken: 'rt-1' });
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });

  it('refreshes a cached token with 19 s left', async () => {
    const clock = fakeClock();
    const stale = tokenExpiringIn(clock.now(), 19_000);
    const fresh = tokenExpiringIn(clock.now(), TEN_MINUTES, 'fresh');
    const refreshAccessToken = vi.fn(async () => fresh);
    const session = new TokenSession({ refreshToken: 'rt-1', accessToken: stale, refreshAccessToken, now: clock.now });
    await expect(session.getTokens()).resolves.toEqual({ accessToken: fresh, refreshToken: 'rt-1' });
    expect(refreshAccessToken).toHaveBeenCalledExactlyOnceWith('rt-1');
    expect(session.accessToken).toBe(fresh);
  });

  it('keeps a refreshed token of the current dialect (2.8 claims) like a 2.7 one: no second refresh', async () => {
    const clock = fakeClock();
    const legacy = tokenExpiringIn(clock.now(), 19_000);
    const iat = Math.floor(clock.now() / 1000);
    const current = makeJwt({ sub: 'user-1', aud: 'proj', iat, exp: iat + 600, role: 'authenticated', name: null, restricted_reason: null, refresh_token_id: 'rt-id' });
    const refreshAccessToken = vi.fn(async () => current);
    const session = new TokenSession({ refreshToken: 'rt-1', accessToken: legacy, refreshAccessToken, now: clock.now });
    await expect(session.getTokens()).resolves.toEqual({ accessToken: current, refreshToken: 'rt-1' });
    clock.advance(60_000);
    await expect(session.getTokens()).resolves.toEqual({ accessToken: current, refreshToken: 'rt-1' });
    expect(refreshAccessToken).toHaveBeenCalledOnce();
  });

  it('follows the clock: the same token is refreshed once time has passed', async () => {
    const { session, clock, refreshAccessToken } = setup();
    await session.getTokens();
    clock.advance(TEN_MINUTES - 20_001);
    await session.getTokens();
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    clock.advance(2);
    await session.getTokens();
    expect(refreshAccessToken).toHaveBeenCalledTimes(2);
  });

  it('honours a custom margin', async () => {
    const clock = fakeClock();
    const token = tokenExpiringIn(clock.now(), 30_000);
    const refreshAccessToken = vi.fn(async () => tokenExpiringIn(clock.now(), TEN_MINUTES));
    const session = new TokenSession({ refreshToken: 'rt', accessToken: token, refreshAccessToken, now: clock.now });
    await session.getTokens(25_000);
    expect(refreshAccessToken).not.toHaveBeenCalled();
    await session.getTokens(35_000);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
  });

  it('treats a token without exp as never expiring', async () => {
    const token = makeJwt({ sub: 'u1' });
    const { session, refreshAccessToken } = setup({ accessToken: token });
    await expect(session.getTokens(59_999)).resolves.toEqual({ accessToken: token, refreshToken: 'rt-1' });
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });

  it('refreshes instead of trusting an unparsable cached token', async () => {
    const { session, refreshAccessToken } = setup({ accessToken: 'not-a-jwt' });
    await session.getTokens();
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
  });

  it('throws for a margin of 60 s or more', async () => {
    const { session, refreshAccessToken } = setup();
    await expect(session.getTokens(60_000)).rejects.toThrow(RangeError);
    await expect(session.getTokens(90_000)).rejects.toThrow(/too long/);
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });

  it('throws when a freshly fetched token has less than the margin left', async () => {
    const { session } = setup({ refresh: async () => tokenExpiringIn(1_700_000_000_000, 10_000) });
    await expect(session.getTokens()).rejects.toThrow(/too short when they're generated \(10000ms\)/);
  });
});

describe('TokenSession: single-flight refresh', () => {
  it('250 concurrent getTokens over an expired token share exactly one refresh', async () => {
    const clock = fakeClock();
    const gate = deferred<string | null>();
    const refreshAccessToken = vi.fn(() => gate.promise);
    const session = new TokenSession({
      refreshToken: 'rt-1',
      accessToken: tokenExpiringIn(clock.now(), -1000),
      refreshAccessToken,
      now: clock.now,
    });
    const all = Promise.all(Array.from({ length: 250 }, () => session.getTokens()));
    await flushMicrotasks();
    const fresh = tokenExpiringIn(clock.now(), TEN_MINUTES);
    gate.resolve(fresh);
    const results = await all;
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(new Set(results.map((r) => r?.accessToken))).toEqual(new Set([fresh]));
  });

  it('does not cache a failed refresh: every waiter gets the error, the next call tries again', async () => {
    const clock = fakeClock();
    let calls = 0;
    const refreshAccessToken = vi.fn(async () => {
      calls++;
      if (calls === 1) throw new Error('network down');
      return tokenExpiringIn(clock.now(), TEN_MINUTES);
    });
    const session = new TokenSession({ refreshToken: 'rt-1', refreshAccessToken, now: clock.now });
    const first = await Promise.allSettled([session.getTokens(), session.getTokens()]);
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(session.isKnownInvalid).toBe(false);
    await expect(session.getTokens()).resolves.not.toBeNull();
    expect(refreshAccessToken).toHaveBeenCalledTimes(2);
  });

  it('tells subscribers about each refresh', async () => {
    const { session, events } = setup();
    const tokens = await session.getTokens();
    expect(events).toEqual([{ type: 'refreshed', accessToken: tokens?.accessToken }]);
  });
});

describe('TokenSession: invalidation', () => {
  it('refresh returning null makes the session invalid for good, once, and tells subscribers', async () => {
    const { session, refreshAccessToken, events } = setup({ refresh: async () => null });
    await expect(session.getTokens()).resolves.toBeNull();
    expect(session.isKnownInvalid).toBe(true);
    expect(session.accessToken).toBeNull();
    expect(events).toEqual([{ type: 'invalid' }]);
    await expect(session.getTokens()).resolves.toBeNull();
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    session.markInvalid();
    expect(events).toEqual([{ type: 'invalid' }]);
  });

  it('markInvalid clears the token and stops refreshing', async () => {
    const clock = fakeClock();
    const { session, refreshAccessToken, events } = setup({ accessToken: tokenExpiringIn(clock.now(), TEN_MINUTES) });
    session.markInvalid();
    expect(session.accessToken).toBeNull();
    await expect(session.getTokens()).resolves.toBeNull();
    expect(refreshAccessToken).not.toHaveBeenCalled();
    expect(events).toEqual([{ type: 'invalid' }]);
  });

  it('a sign-out during a refresh wins over the refreshed token', async () => {
    const clock = fakeClock();
    const gate = deferred<string | null>();
    const session = new TokenSession({ refreshToken: 'rt-1', refreshAccessToken: () => gate.promise, now: clock.now });
    const pending = session.getTokens();
    await flushMicrotasks();
    session.markInvalid();
    gate.resolve(tokenExpiringIn(clock.now(), TEN_MINUTES));
    await expect(pending).resolves.toBeNull();
    expect(session.accessToken).toBeNull();
  });

  it('is born invalid with no tokens at all', async () => {
    const { session, refreshAccessToken } = setup({ refreshToken: null, accessToken: null });
    expect(session.isKnownInvalid).toBe(true);
    await expect(session.getTokens()).resolves.toBeNull();
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });

  it('yields no tokens without a refresh token, even with an access token', async () => {
    const clock = fakeClock();
    const { session, refreshAccessToken } = setup({ refreshToken: null, accessToken: tokenExpiringIn(clock.now(), TEN_MINUTES) });
    expect(session.isKnownInvalid).toBe(false);
    await expect(session.getTokens()).resolves.toBeNull();
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });

  it('treats empty strings as absent', () => {
    const { session } = setup({ refreshToken: '', accessToken: '' });
    expect(session.refreshToken).toBeNull();
    expect(session.isKnownInvalid).toBe(true);
  });
});

describe('TokenSession: markAccessTokenExpired', () => {
  it('drops the current token so the next getTokens refreshes', async () => {
    const clock = fakeClock();
    const current = tokenExpiringIn(clock.now(), TEN_MINUTES, 'current');
    const { session, refreshAccessToken } = setup({ accessToken: current });
    session.markAccessTokenExpired(current);
    expect(session.accessToken).toBeNull();
    await session.getTokens();
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
  });

  it('ignores a token that was already replaced', async () => {
    const clock = fakeClock();
    const current = tokenExpiringIn(clock.now(), TEN_MINUTES, 'current');
    const { session, refreshAccessToken } = setup({ accessToken: current });
    session.markAccessTokenExpired(tokenExpiringIn(clock.now(), TEN_MINUTES, 'older'));
    expect(session.accessToken).toBe(current);
    await session.getTokens();
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });
});

describe('givenToken: a token an app hands over', () => {
  it('is absent when empty or missing, itself otherwise', () => {
    for (const missing of ['', null, undefined]) expect(givenToken(missing, 'Access token')).toBeNull();
    expect(givenToken('eyJ.a.b', 'Refresh token')).toBe('eyJ.a.b');
  });

  it("refuses the literal 'undefined' and a non-string, naming the token", () => {
    expect(() => givenToken('undefined', 'Refresh token')).toThrow("Refresh token is the string 'undefined'; it's unlikely this is the correct value");
    expect(() => givenToken(42 as unknown as string, 'Access token')).toThrow(new TypeError('Access token must be a string'));
  });
});

describe("TokenSession: the literal 'undefined'", () => {
  it('is refused as a stored token', () => {
    const refreshAccessToken = async () => null;
    expect(() => new TokenSession({ refreshToken: 'undefined', refreshAccessToken })).toThrow(TypeError);
    expect(() => new TokenSession({ refreshToken: 'rt', accessToken: 'undefined', refreshAccessToken })).toThrow(TypeError);
  });

  it('is refused as a refreshed token, which is not cached', async () => {
    const { session, events } = setup({ refresh: async () => 'undefined' });
    await expect(session.getTokens()).rejects.toThrow(/'undefined'|"undefined"/);
    expect(session.accessToken).toBeNull();
    expect(session.isKnownInvalid).toBe(false);
    expect(events).toEqual([]);
  });

  it('refuses a refreshed token that is not a JWT', async () => {
    const { session } = setup({ refresh: async () => 'opaque' });
    await expect(session.getTokens()).rejects.toThrow(/not a parsable JWT/);
  });
});

describe('TokenSession: subscribers', () => {
  it('unsubscribe stops events, and a throwing listener does not starve the others', async () => {
    const { session } = setup();
    const seen: string[] = [];
    const unsubscribe = session.subscribe(() => seen.push('a'));
    session.subscribe(() => {
      throw new Error('listener bug');
    });
    session.subscribe(() => seen.push('c'));
    const microtaskErrors: unknown[] = [];
    const originalQueue = globalThis.queueMicrotask;
    globalThis.queueMicrotask = (cb) => {
      try {
        cb();
      } catch (e) {
        microtaskErrors.push(e);
      }
    };
    try {
      await session.getTokens();
      unsubscribe();
      session.markInvalid();
    } finally {
      globalThis.queueMicrotask = originalQueue;
    }
    expect(seen).toEqual(['a', 'c', 'c']);
    expect(microtaskErrors).toHaveLength(2);
  });
});

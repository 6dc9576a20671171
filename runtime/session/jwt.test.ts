import { describe, expect, it } from 'vitest';
import { makeJwt } from '../http/test-fakes.ts';
import { accessTokenExpiresAt, decodeAccessToken } from './jwt.ts';

describe('decodeAccessToken', () => {
  it('reads sub, exp and iat without verifying the signature', () => {
    const token = makeJwt({ sub: 'u1', exp: 1_700_000_600, iat: 1_700_000_000, aud: 'proj', branchId: 'main' });
    expect(decodeAccessToken(token)).toEqual({ sub: 'u1', exp: 1_700_000_600, iat: 1_700_000_000 });
  });

  it('leaves out absent claims', () => {
    expect(decodeAccessToken(makeJwt({ sub: 'u1' }))).toEqual({ sub: 'u1' });
  });

  it('is null for anything that is not a JWT, or claims of the wrong type', () => {
    expect(decodeAccessToken('')).toBeNull();
    expect(decodeAccessToken('undefined')).toBeNull();
    expect(decodeAccessToken('a.b.c')).toBeNull();
    expect(decodeAccessToken(makeJwt({ exp: '1700000000' }))).toBeNull();
    expect(decodeAccessToken(makeJwt({ sub: 42 }))).toBeNull();
    expect(decodeAccessToken(makeJwt({ iat: null }))).toBeNull();
  });
});

describe('accessTokenExpiresAt', () => {
  it('is exp in milliseconds', () => {
    expect(accessTokenExpiresAt(makeJwt({ exp: 1_700_000_600 }))).toBe(1_700_000_600_000);
  });

  it('is null (never expires) without exp', () => {
    expect(accessTokenExpiresAt(makeJwt({ sub: 'u1' }))).toBeNull();
  });

  it('treats an unparsable token as already expired', () => {
    expect(accessTokenExpiresAt('garbage')).toBe(0);
  });
});

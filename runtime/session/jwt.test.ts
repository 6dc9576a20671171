import { describe, expect, it } from 'vitest';
import { makeJwt } from '../../testing/runtime/http.ts';
import { accessTokenExpiresAt, decodeAccessToken } from './jwt.ts';

describe('decodeAccessToken', () => {
  it('reads sub, exp and iat without verifying the signature', () => {
    const token = makeJwt({ sub: 'u1', exp: 1_700_000_600, iat: 1_700_000_000, aud: 'proj', branchId: 'main' });
    expect(decodeAccessToken(token)).toEqual({ sub: 'u1', exp: 1_700_000_600, iat: 1_700_000_000 });
  });

  it('reads both token dialects the same way: the 2.7 claims and the current 2.8 set', () => {
    const iat = 1_700_000_000;
    const legacy = makeJwt({ sub: 'u1', aud: 'proj', iss: 'https://access-token.jwt-signature.stack-auth.com', iat, exp: iat + 600, branchId: 'main' });
    const current = makeJwt({
      sub: 'u1',
      aud: 'proj',
      iss: 'http://localhost:8102/api/v1/projects/proj',
      iat,
      exp: iat + 600,
      project_id: 'proj',
      branch_id: 'main',
      refresh_token_id: 'f3c1d1a8-5a51-4c55-9d0e-1e6f0d6b3f10',
      role: 'authenticated',
      name: null,
      email: 'a@example.com',
      email_verified: false,
      selected_team_id: null,
      signed_up_at: iat - 60,
      is_anonymous: false,
      is_restricted: false,
      restricted_reason: null,
      requires_totp_mfa: false,
    });
    expect(decodeAccessToken(legacy)).toEqual({ sub: 'u1', exp: iat + 600, iat });
    expect(decodeAccessToken(current)).toEqual(decodeAccessToken(legacy));
    expect(accessTokenExpiresAt(current)).toBe(accessTokenExpiresAt(legacy));
    // An anonymous user's token (aud `<id>:anon`, a restricted_reason object) is no different to us.
    const anonymous = makeJwt({ sub: 'u2', aud: 'proj:anon', iat, exp: iat + 600, is_anonymous: true, restricted_reason: { type: 'anonymous' } });
    expect(decodeAccessToken(anonymous)).toEqual({ sub: 'u2', exp: iat + 600, iat });
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

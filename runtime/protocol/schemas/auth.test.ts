import { describe, expect, test } from 'vitest';
import { oauthTokenResponseSchema, sessionCreateResponseSchema, signInResponseSchema, toOAuthCallbackResult } from './auth.ts';

describe('auth responses', () => {
  test('password sign-in has no is_new_user; OTP adds it', () => {
    expect(signInResponseSchema.parse({ access_token: 'a', refresh_token: 'r', user_id: 'u' })).toEqual({ access_token: 'a', refresh_token: 'r', user_id: 'u' });
    expect(signInResponseSchema.parse({ access_token: 'a', refresh_token: 'r', is_new_user: true, user_id: 'u', extra: 1 })).toEqual({
      access_token: 'a',
      refresh_token: 'r',
      user_id: 'u',
      is_new_user: true,
    });
    expect(signInResponseSchema.safeParse({ access_token: '', refresh_token: 'r', user_id: 'u' }).success).toBe(false);
  });

  test('session create', () => {
    expect(sessionCreateResponseSchema.parse({ refresh_token: 'r', access_token: 'a' })).toEqual({ refresh_token: 'r', access_token: 'a' });
  });

  test('authorization_code grant', () => {
    const wire = oauthTokenResponseSchema.parse({
      access_token: 'a',
      token_type: 'Bearer',
      expires_in: 3599,
      refresh_token: 'r',
      scope: 'legacy',
      is_new_user: true,
      newUser: true,
      after_callback_redirect_url: null,
      afterCallbackRedirectUrl: null,
    });
    expect(toOAuthCallbackResult(wire)).toEqual({ newUser: true, afterCallbackRedirectUrl: null, accessToken: 'a', refreshToken: 'r' });
  });

  test('refresh grant: no refresh token, bearer in any case, numeric-string expires_in', () => {
    const wire = oauthTokenResponseSchema.parse({ access_token: 'a', token_type: 'bearer', expires_in: '3600', scope: 'legacy' });
    expect(wire.expires_in).toBe(3600);
    expect(toOAuthCallbackResult(wire).refreshToken).toBeNull();
  });

  test('refresh grant acceptance mirrors oauth4webapi', () => {
    expect(oauthTokenResponseSchema.safeParse({ access_token: 'a', token_type: 'mac' }).success).toBe(false);
    expect(oauthTokenResponseSchema.safeParse({ access_token: 'a' }).success).toBe(false);
    expect(oauthTokenResponseSchema.safeParse({ access_token: 'a', token_type: 'DPoP', expires_in: -1 }).success).toBe(false);
    expect(oauthTokenResponseSchema.safeParse({ access_token: 'a', token_type: 'Bearer', refresh_token: '' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_NOT_EXPOSED_MESSAGE } from '../../host/access-token-refusal.ts';
import type { ClientContext } from '../app/context.ts';
import { accessToken, authHeaders, authJson, authorizationHeader, refreshTokenRefusal, TokenNotExposedError } from './session-tokens.ts';

/** A context whose worker answers `getAccessToken` with `answer` (a value, or an error to reject with). */
function contextAnswering(answer: string | null | Error): ClientContext {
  const call = (method: string) => {
    if (method !== 'getAccessToken') throw new Error(`unexpected ${method}`);
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return { backend: { call } } as unknown as ClientContext;
}

describe('the SDK token getters on a worker-owned session', () => {
  it("turn the worker's refusal (no exposeAccessToken) into TokenNotExposedError naming the getter and the replacement", async () => {
    const ctx = contextAnswering(new Error(ACCESS_TOKEN_NOT_EXPOSED_MESSAGE));
    for (const [method, call] of [
      ['getAccessToken', () => accessToken(ctx)],
      ['getAuthJson', () => authJson(ctx)],
      ['getAuthorizationHeader', () => authorizationHeader(ctx)],
      ['getAuthHeaders', () => authHeaders(ctx)],
    ] as const) {
      const error = await call().catch((e: unknown) => e);
      expect(error, method).toBeInstanceOf(TokenNotExposedError);
      expect(error).toMatchObject({ method, token: 'access', name: 'TokenNotExposedError' });
      expect((error as Error).message).toContain(`${method}()`);
      expect((error as Error).message).toMatch(/exposeAccessToken: true/);
      expect((error as Error).message).toMatch(/forwardAuthTo/);
    }
  });

  it('let every other failure through as it is', async () => {
    const offline = new Error('the worker did not answer');
    await expect(accessToken(contextAnswering(offline))).rejects.toBe(offline);
  });

  it('encode the access token as the SDK does, and never a refresh token', async () => {
    const ctx = contextAnswering('a.b.c');
    expect(await authJson(ctx)).toEqual({ accessToken: 'a.b.c', refreshToken: null });
    expect(await authorizationHeader(ctx)).toBe(`Bearer stackauth_${btoa('{"accessToken":"a.b.c","refreshToken":null}')}`);
    expect(await authHeaders(ctx)).toEqual({ 'x-stack-auth': '{"accessToken":"a.b.c","refreshToken":null}' });
    expect(await authorizationHeader(contextAnswering(null))).toBeNull();
    await expect(refreshTokenRefusal('getRefreshToken')).rejects.toMatchObject({ token: 'refresh', method: 'getRefreshToken' });
  });
});

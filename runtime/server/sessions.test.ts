import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../protocol/endpoints.ts';
import { KnownErrors } from '../protocol/errors/index.ts';
import { createSession, DEFAULT_SESSION_EXPIRES_IN_MILLIS } from './sessions.ts';
import { expectBodyAccepted, expectCall, serverTestContext, USER_ID } from '../../testing/runtime/server.ts';

describe('createSession', () => {
  it('defaults expires_in_millis to one year and returns both tokens', async () => {
    const { ctx, calls } = serverTestContext({ access_token: 'at-1', refresh_token: 'rt-1' });
    const session = await createSession(ctx, { userId: USER_ID });
    expect(DEFAULT_SESSION_EXPIRES_IN_MILLIS).toBe(31_536_000_000);
    expectCall(calls[0], 'POST', '/auth/sessions', { user_id: USER_ID, expires_in_millis: 31_536_000_000 });
    expectBodyAccepted(ENDPOINTS.sessionCreate, 'server', calls[0]);
    expect(session.accessToken).toBe('at-1');
    expect(session.refreshToken).toBe('rt-1');
    expect(await session.getTokens()).toEqual({ accessToken: 'at-1', refreshToken: 'rt-1' });
  });

  it('sends a custom lifetime', async () => {
    const { ctx, calls } = serverTestContext({ access_token: 'a', refresh_token: 'r' });
    await createSession(ctx, { userId: USER_ID, expiresInMillis: 60_000 });
    expectCall(calls[0], 'POST', '/auth/sessions', { user_id: USER_ID, expires_in_millis: 60_000 });
  });

  it('propagates USER_ID_DOES_NOT_EXIST for an unknown user', async () => {
    const { ctx } = serverTestContext({ knownError: 'USER_ID_DOES_NOT_EXIST', details: { user_id: USER_ID } });
    await expect(createSession(ctx, { userId: USER_ID })).rejects.toBeInstanceOf(KnownErrors.UserIdDoesNotExist);
  });
});

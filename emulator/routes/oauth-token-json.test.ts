// POST /auth/oauth/token with a JSON body (issue 19): the backend hands JSON to its OAuth library as it does a
// form, so both grants work with either encoding and answer the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthorizationCode } from '../domain/oauth/flows.ts';
import { createTestEmulator, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { REDIRECT_URI } from '../../testing/emulator/oauth.ts';
import { call } from '../../testing/emulator/requests.ts';
import { DEMO_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

const client = { client_id: DEMO_PROJECT.id, client_secret: DEMO_PROJECT.publishableClientKey };
const VERIFIER = 'v'.repeat(43);

function jsonTokenRequest(fields: Record<string, unknown>) {
  return emu.fetch('/api/v1/auth/oauth/token', { method: 'POST', json: fields });
}

describe('POST /auth/oauth/token with application/json', () => {
  it('the refresh grant mints an access token for the session', async () => {
    const user = await signUp(emu);
    const res = await jsonTokenRequest({ grant_type: 'refresh_token', refresh_token: user.refreshToken, ...client });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3599, scope: 'legacy' });
    const me = await call(emu, 'GET', '/users/me', { token: String(body.access_token) });
    expect((me.body as { id: string }).id).toBe(user.userId);
  });

  it('the authorization_code grant exchanges a code (PKCE checked) once', async () => {
    const user = await signUp(emu);
    const code = await createAuthorizationCode(
      emu.db,
      { projectId: DEMO_PROJECT.id, userId: user.userId, redirectUri: REDIRECT_URI, codeChallenge: VERIFIER, codeChallengeMethod: 'plain', isNewUser: false, afterCallbackRedirectUrl: null },
      emu.clock.now(),
    );
    const fields = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: VERIFIER, ...client };
    const res = await jsonTokenRequest(fields);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), is_new_user: false, token_type: 'Bearer' });
    const again = await jsonTokenRequest(fields);
    expect([again.status, again.headers.get('x-stack-known-error')]).toEqual([400, 'INVALID_AUTHORIZATION_CODE']);
  });

  it('errors are the same as for a form: a bad refresh token, a missing parameter', async () => {
    const bad = await jsonTokenRequest({ grant_type: 'refresh_token', refresh_token: 'nope', ...client });
    expect([bad.status, bad.headers.get('x-stack-known-error')]).toEqual([401, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED']);
    const missing = await jsonTokenRequest({ grant_type: 'refresh_token', ...client });
    expect(await missing.json()).toEqual({ error: 'invalid_request', error_description: 'Missing parameter: `refresh_token`' });
  });
});

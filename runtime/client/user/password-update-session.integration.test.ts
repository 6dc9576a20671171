// Changing the password keeps the session that asked for it (the backend keeps only the
// refresh token sent in x-stack-refresh-token) and ends the user's other sessions. Page-hosted host -> the
// in-process emulator, whose clock moves past the access token's expiry to force each session to refresh.
import { describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_LIFETIME_MILLIS } from '../../../emulator/auth/access-tokens.ts';
import type { StackClientApp } from '../app/client-app.ts';
import { emulatorClientKit } from '../../../testing/runtime/client/emulator-client.ts';

const { emulator, clientApp } = emulatorClientKit();

interface Exchange {
  method: string;
  path: string;
  status: number;
  refreshTokenSent: boolean;
}

function makeApp(): { app: StackClientApp; exchanges: Exchange[] } {
  const exchanges: Exchange[] = [];
  const app = clientApp({
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const response = await emulator().app.fetch(request.clone());
      const path = new URL(request.url).pathname.replace('/api/v1', '');
      exchanges.push({ method: request.method, path, status: response.status, refreshTokenSent: request.headers.has('x-stack-refresh-token') });
      return response;
    },
  });
  return { app, exchanges };
}

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'another horse battery';
const refreshGrants = (exchanges: Exchange[]) => exchanges.filter((e) => e.method === 'POST' && e.path === '/auth/oauth/token');

describe('updatePassword through the session host', () => {
  it('keeps this session refreshing and revokes the other sessions of the user', async () => {
    const address = `pw-${crypto.randomUUID()}@example.com`;
    const here = makeApp();
    const elsewhere = makeApp();
    await here.app.signUpWithCredential({ email: address, password: PASSWORD, noRedirect: true, verificationCallbackUrl: 'http://localhost:5173/handler/email-verification' });
    expect((await elsewhere.app.signInWithCredential({ email: address, password: PASSWORD, noRedirect: true })).status).toBe('ok');

    const user = await here.app.getUser({ or: 'throw' });
    expect(await user.updatePassword({ oldPassword: PASSWORD, newPassword: NEW_PASSWORD })).toEqual({ status: 'ok', data: undefined });
    const update = here.exchanges.find((e) => e.path === '/auth/password/update');
    expect(update).toMatchObject({ status: 200, refreshTokenSent: true });
    expect(here.exchanges.filter((e) => e.refreshTokenSent).map((e) => `${e.method} ${e.path}`)).toEqual(['POST /auth/password/update']);

    // Both access tokens are now expired for the emulator: the next call of each app must refresh.
    emulator().clock.advance(ACCESS_TOKEN_LIFETIME_MILLIS + 60_000);

    expect((await here.app.getUser({ or: 'throw' })).primaryEmail).toBe(address);
    expect(refreshGrants(here.exchanges).map((e) => e.status)).toEqual([200]);
    expect(here.app.session.getSnapshot().status).toBe('signed-in');

    await elsewhere.app.getUser().catch(() => null);
    expect(refreshGrants(elsewhere.exchanges).map((e) => e.status)).toEqual([401]);
    // The rejected refresh ends that session in its host (and so in every tab of that browser).
    await vi.waitFor(async () => expect((await elsewhere.app.session.refresh()).status).toBe('signed-out'));
    expect(await elsewhere.app.getUser()).toBeNull();
  });
});

// The page half of the passkey ceremonies with a fake context and a stubbed @simplewebauthn/browser.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_RP_ID_SENTINEL } from '../flows/passkey-options.ts';
import { KnownErrors } from '../protocol/known-error-classes.ts';
import type { ClientContext } from './context.ts';
import { registerPasskey, signInWithPasskey } from './passkeys.ts';

const webauthn = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webauthn);

function fakeContext(answers: Record<string, unknown>) {
  const calls: { method: string; args: unknown }[] = [];
  const redirects: string[] = [];
  const ctx = {
    transport: {
      sendJson: vi.fn(async ({ path }: { path: string }) => {
        const answer = answers[path];
        if (answer instanceof Error) throw answer;
        return answer ?? null;
      }),
    },
    backend: { call: vi.fn(async (method: string, args: unknown) => (calls.push({ method, args }), { userId: 'u1', isNewUser: false })) },
    userCache: { reload: vi.fn(async () => undefined), readers: new Set() },
    urls: { afterSignIn: '/home' },
    currentUrl: () => new URL('http://localhost/handler/sign-in'),
    redirect: (to: string) => redirects.push(to),
    syncSession: async () => undefined,
    promptTotp: undefined,
  } as unknown as ClientContext;
  return { ctx, calls, redirects };
}

const registration = {
  options_json: { rp: { id: PASSKEY_RP_ID_SENTINEL, name: 'Demo' }, user: { id: 'dXNlcg', name: 'u', displayName: 'u' }, challenge: 'c' },
  code: 'reg-code',
};
const authentication = { options_json: { rpId: PASSKEY_RP_ID_SENTINEL, challenge: 'c', allowCredentials: [] }, code: 'auth-code' };

beforeEach(() => vi.stubGlobal('location', { hostname: 'app.localhost' }));
afterEach(() => {
  vi.unstubAllGlobals();
  webauthn.startRegistration.mockReset();
  webauthn.startAuthentication.mockReset();
});

describe('passkeys on the page', () => {
  it('registers with the rp id set to this hostname, then reloads the user', async () => {
    const { ctx } = fakeContext({ '/auth/passkey/initiate-passkey-registration': registration, '/auth/passkey/register': { user_handle: 'h' } });
    webauthn.startRegistration.mockResolvedValue({ id: 'cred' });
    expect(await registerPasskey(ctx)).toEqual({ status: 'ok', data: undefined });
    expect(webauthn.startRegistration.mock.calls[0]?.[0].optionsJSON.rp).toEqual({ id: 'app.localhost', name: 'Demo' });
    expect(ctx.transport.sendJson).toHaveBeenLastCalledWith({ path: '/auth/passkey/register', method: 'POST', json: { credential: { id: 'cred' }, code: 'reg-code' } });
    expect(ctx.userCache.reload).toHaveBeenCalled();
  });

  it('turns a refused ceremony into PASSKEY_WEBAUTHN_ERROR with the DOMException name as details.code', async () => {
    const { ctx } = fakeContext({ '/auth/passkey/initiate-passkey-registration': registration });
    webauthn.startRegistration.mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError', code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' }));
    const result = await registerPasskey(ctx);
    expect(result.status === 'error' && result.error).toBeInstanceOf(KnownErrors.PasskeyWebAuthnError);
    expect(result.status === 'error' && result.error.details).toEqual({ message: 'not allowed', code: 'NotAllowedError' });
  });

  it('reports a failed initiation as the SDK does', async () => {
    const { ctx } = fakeContext({ '/auth/passkey/initiate-passkey-authentication': new Error('offline') });
    const result = await signInWithPasskey(ctx);
    expect(result.status === 'error' && result.error).toBeInstanceOf(KnownErrors.PasskeyAuthenticationFailed);
    expect(result.status === 'error' && result.error.message).toBe('Failed to get initiation options for passkey authentication');
  });

  it('signs in through the session backend (the token-minting call) and redirects after sign-in', async () => {
    const { ctx, calls, redirects } = fakeContext({ '/auth/passkey/initiate-passkey-authentication': authentication });
    webauthn.startAuthentication.mockResolvedValue({ id: 'cred', response: { signature: 's' } });
    expect(await signInWithPasskey(ctx)).toEqual({ status: 'ok', data: undefined });
    expect(webauthn.startAuthentication.mock.calls[0]?.[0].optionsJSON.rpId).toBe('app.localhost');
    expect(calls).toEqual([{ method: 'signInWithPasskey', args: { authenticationResponse: { id: 'cred', response: { signature: 's' } }, code: 'auth-code' } }]);
    expect(redirects).toEqual(['/home']);
  });
});

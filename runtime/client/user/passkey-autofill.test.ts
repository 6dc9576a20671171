// Passkey autofill on the page with a stubbed @simplewebauthn/browser: renewed before the options' code expires,
// ended by its signal or by another ceremony, signing in like the button when the user picks a passkey.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_RP_ID_SENTINEL } from '../../flows/passkey-options.ts';
import type { ClientContext } from '../app/context.ts';
import { AUTOFILL_RENEW_MS, signInWithPasskeyAutofill } from './passkeys.ts';

const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn(), browserSupportsWebAuthnAutofill: vi.fn(), WebAuthnAbortService: { cancelCeremony: vi.fn() } }));
vi.mock('@simplewebauthn/browser', async (importOriginal) => ({ ...(await importOriginal<typeof import('@simplewebauthn/browser')>()), ...webauthn }));

const authentication = { options_json: { rpId: PASSKEY_RP_ID_SENTINEL, challenge: 'Y2hhbGxlbmdl', allowCredentials: [] }, code: 'auth-code' };

function fakeContext() {
  const calls: unknown[] = [];
  const redirects: string[] = [];
  const ctx = {
    transport: { sendJson: vi.fn(async () => authentication) },
    backend: { call: vi.fn(async (method: string, args: unknown) => (calls.push({ method, args }), { userId: 'u1', isNewUser: false })) },
    urls: { afterSignIn: '/home' },
    currentUrl: () => new URL('http://localhost/handler/sign-in'),
    redirect: (to: string) => redirects.push(to),
    sessionChanged: () => undefined,
    promptTotp: undefined,
  } as unknown as ClientContext;
  return { ctx, calls, redirects };
}

/** A pending conditional request: rejects as @simplewebauthn does when its ceremony is cancelled. */
function pendingCeremony() {
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise((_, fail) => (reject = fail));
  const aborted = () => reject(Object.assign(new Error('aborted'), { code: 'ERROR_CEREMONY_ABORTED' }));
  return { promise, aborted };
}

beforeEach(() => {
  vi.stubGlobal('location', { hostname: 'app.localhost' });
  webauthn.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetAllMocks();
});

describe('passkey autofill', () => {
  it('is nothing where the browser has no conditional mediation', async () => {
    webauthn.browserSupportsWebAuthnAutofill.mockResolvedValue(false);
    expect(await signInWithPasskeyAutofill(fakeContext().ctx, { signal: new AbortController().signal })).toBeNull();
    expect(webauthn.startAuthentication).not.toHaveBeenCalled();
  });

  it('renews the waiting request with fresh options before their code expires, then signs in with the passkey picked', async () => {
    vi.useFakeTimers();
    const { ctx, calls, redirects } = fakeContext();
    const first = pendingCeremony();
    webauthn.startAuthentication.mockReturnValueOnce(first.promise).mockResolvedValueOnce({ id: 'cred' });
    webauthn.WebAuthnAbortService.cancelCeremony.mockImplementation(first.aborted);
    const result = signInWithPasskeyAutofill(ctx, { signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(AUTOFILL_RENEW_MS);
    expect(await result).toEqual({ status: 'ok', data: undefined });
    expect(ctx.transport.sendJson).toHaveBeenCalledTimes(2);
    expect(webauthn.startAuthentication.mock.calls.map(([options]) => options.useBrowserAutofill)).toEqual([true, true]);
    expect(calls).toEqual([{ method: 'signInWithPasskey', args: { authenticationResponse: { id: 'cred' }, code: 'auth-code' } }]);
    expect(redirects).toEqual(['/home']);
  });

  it('ends quietly when its signal aborts (a password typed, the page left), cancelling its own ceremony', async () => {
    const ceremony = pendingCeremony();
    webauthn.startAuthentication.mockReturnValueOnce(ceremony.promise);
    webauthn.WebAuthnAbortService.cancelCeremony.mockImplementation(ceremony.aborted);
    const controller = new AbortController();
    const result = signInWithPasskeyAutofill(fakeContext().ctx, { signal: controller.signal });
    await vi.waitFor(() => expect(webauthn.startAuthentication).toHaveBeenCalled());
    controller.abort();
    expect(await result).toBeNull();
    expect(webauthn.WebAuthnAbortService.cancelCeremony).toHaveBeenCalledOnce();
  });

  it('gives way to another ceremony (the passkey button) and does not cancel that one afterwards', async () => {
    const ceremony = pendingCeremony();
    webauthn.startAuthentication.mockReturnValueOnce(ceremony.promise);
    const controller = new AbortController();
    const result = signInWithPasskeyAutofill(fakeContext().ctx, { signal: controller.signal });
    await vi.waitFor(() => expect(webauthn.startAuthentication).toHaveBeenCalled());
    ceremony.aborted();
    expect(await result).toBeNull();
    controller.abort();
    expect(webauthn.WebAuthnAbortService.cancelCeremony).not.toHaveBeenCalled();
  });
});

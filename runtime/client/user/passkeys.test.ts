// The page half of the passkey ceremonies with a fake context and a stubbed @simplewebauthn/browser.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_RP_ID_SENTINEL } from '../../flows/passkey-options.ts';
import { KnownErrors } from '../../protocol/errors/classes.ts';
import { loadKnownErrorClasses } from '../../protocol/errors/loader.ts';
import type { ClientContext } from '../app/context.ts';
import { registerPasskey, signInWithPasskey } from './passkeys.ts';

const webauthn = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', async (importOriginal) => ({ ...(await importOriginal<typeof import('@simplewebauthn/browser')>()), ...webauthn }));
const simpleWebAuthn = await vi.importActual<typeof import('@simplewebauthn/browser')>('@simplewebauthn/browser');

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
    userCache: { reload: vi.fn(async () => undefined), receive: vi.fn(async () => undefined), refetch: vi.fn(async () => undefined) },
    urls: { afterSignIn: '/home' },
    currentUrl: () => new URL('http://localhost/handler/sign-in'),
    redirect: (to: string) => redirects.push(to),
    sessionChanged: () => undefined,
    promptTotp: undefined,
  } as unknown as ClientContext;
  return { ctx, calls, redirects };
}

const registration = {
  options_json: { rp: { id: PASSKEY_RP_ID_SENTINEL, name: 'Demo' }, user: { id: 'dXNlcg', name: 'u', displayName: 'u' }, challenge: 'Y2hhbGxlbmdl' },
  code: 'reg-code',
};
const authentication = { options_json: { rpId: PASSKEY_RP_ID_SENTINEL, challenge: 'Y2hhbGxlbmdl', allowCredentials: [] }, code: 'auth-code' };

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
    expect(await registerPasskey(ctx, 'u1')).toEqual({ status: 'ok', data: undefined });
    expect(webauthn.startRegistration.mock.calls[0]?.[0].optionsJSON.rp).toEqual({ id: 'app.localhost', name: 'Demo' });
    expect(ctx.transport.sendJson).toHaveBeenLastCalledWith({ path: '/auth/passkey/register', method: 'POST', json: { credential: { id: 'cred' }, code: 'reg-code' } });
    // Every tab hears the change: the host is told which read changed, and this tab shows what it answers.
    expect(ctx.backend.call).toHaveBeenLastCalledWith('announceUserChange', { reads: ['user'] });
    expect(ctx.userCache.receive).toHaveBeenCalled();
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

// The real @simplewebauthn/browser ceremony over a stubbed navigator.credentials: each row makes the
// library raise one of its ERROR_* codes, which the SDK reports as PASSKEY_WEBAUTHN_ERROR with the
// DOMException name in details.code (one per WebAuthn case the product names).
interface CeremonyCase {
  code: string;
  /** The DOMException name the browser rejects with. */
  name: string;
  /** Changes to the backend's options that make the library pick this code. */
  options?: Record<string, unknown>;
  /** The page's hostname (an invalid domain gives ERROR_INVALID_DOMAIN). */
  hostname?: string;
  /** The hostname the page has moved to when the browser answers (rp id no longer matches). */
  hostnameDuringCeremony?: string;
}

const registrationCases: CeremonyCase[] = [
  { code: 'ERROR_CEREMONY_ABORTED', name: 'AbortError' },
  { code: 'ERROR_INVALID_DOMAIN', name: 'SecurityError', hostname: '10.0.0.1' },
  { code: 'ERROR_INVALID_RP_ID', name: 'SecurityError', hostnameDuringCeremony: 'other.example.com' },
  { code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', name: 'InvalidStateError' },
  { code: 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT', name: 'ConstraintError' },
  {
    code: 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT',
    name: 'ConstraintError',
    options: { authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' } },
  },
  { code: 'ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG', name: 'NotSupportedError' },
  { code: 'ERROR_MALFORMED_PUBKEYCREDPARAMS', name: 'NotSupportedError', options: { pubKeyCredParams: [{ type: 'password', alg: -7 }] } },
  { code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', name: 'NotAllowedError' },
  { code: 'ERROR_AUTHENTICATOR_GENERAL_ERROR', name: 'UnknownError' },
];

const authenticationCases: CeremonyCase[] = [
  { code: 'ERROR_CEREMONY_ABORTED', name: 'AbortError' },
  { code: 'ERROR_INVALID_DOMAIN', name: 'SecurityError', hostname: '10.0.0.1' },
  { code: 'ERROR_INVALID_RP_ID', name: 'SecurityError', hostnameDuringCeremony: 'other.example.com' },
  { code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', name: 'NotAllowedError' },
  { code: 'ERROR_AUTHENTICATOR_GENERAL_ERROR', name: 'UnknownError' },
];

const fullRegistration = {
  options_json: {
    ...registration.options_json,
    pubKeyCredParams: [
      { type: 'public-key', alg: -8 },
      { type: 'public-key', alg: -7 },
      { type: 'public-key', alg: -257 },
    ],
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
  },
  code: 'reg-code',
};

/** A browser whose authenticator rejects with `rejection`, running the real library's ceremonies. */
function browserRejecting(rejection: () => unknown, hostnameDuringCeremony?: string) {
  const answer = async () => {
    if (hostnameDuringCeremony) vi.stubGlobal('location', { hostname: hostnameDuringCeremony });
    throw rejection();
  };
  vi.stubGlobal('PublicKeyCredential', class {});
  vi.stubGlobal('navigator', { credentials: { create: vi.fn(answer), get: vi.fn(answer) } });
  webauthn.startRegistration.mockImplementation(simpleWebAuthn.startRegistration);
  webauthn.startAuthentication.mockImplementation(simpleWebAuthn.startAuthentication);
}

/** A browser with no PublicKeyCredential: the library throws a plain Error before any ceremony. */
function browserWithoutWebAuthn() {
  vi.stubGlobal('PublicKeyCredential', undefined);
  webauthn.startRegistration.mockImplementation(simpleWebAuthn.startRegistration);
  webauthn.startAuthentication.mockImplementation(simpleWebAuthn.startAuthentication);
}

async function expectError(result: Promise<Awaited<ReturnType<typeof registerPasskey>>>) {
  const settled = await result;
  if (settled.status !== 'error') throw new Error(`expected an error result, got ${JSON.stringify(settled)}`);
  return settled.error;
}

describe('passkey ceremony failures (real @simplewebauthn/browser, stubbed authenticator)', () => {
  it.each(registrationCases)('registration: $code ($name) is PASSKEY_WEBAUTHN_ERROR with details.code $name', async (row) => {
    if (row.hostname) vi.stubGlobal('location', { hostname: row.hostname });
    const cause = new DOMException(`the authenticator said ${row.name}`, row.name);
    browserRejecting(() => cause, row.hostnameDuringCeremony);
    const options = { ...fullRegistration, options_json: { ...fullRegistration.options_json, ...row.options } };
    const { ctx } = fakeContext({ '/auth/passkey/initiate-passkey-registration': options });
    const error = await expectError(registerPasskey(ctx, 'u1'));
    expect(error).toBeInstanceOf(KnownErrors.PasskeyWebAuthnError);
    expect(error.code).toBe('PASSKEY_WEBAUTHN_ERROR');
    // The name as the SDK has it, plus the library's ERROR_* code and the browser's error.
    expect(error.details).toEqual({ message: error.message, code: row.name, webAuthnCode: row.code, cause: { name: row.name, message: cause.message } });
    const thrown = await webauthn.startRegistration.mock.results[0]?.value.catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(simpleWebAuthn.WebAuthnError);
    expect(thrown).toMatchObject({ code: row.code, name: row.name });
    expect(error.cause).toBe(thrown);
    expect(ctx.transport.sendJson).not.toHaveBeenCalledWith(expect.objectContaining({ path: '/auth/passkey/register' }));
  });

  it.each(authenticationCases)('sign-in: $code ($name) is PASSKEY_WEBAUTHN_ERROR with details.code $name', async (row) => {
    if (row.hostname) vi.stubGlobal('location', { hostname: row.hostname });
    const cause = new DOMException(`the authenticator said ${row.name}`, row.name);
    browserRejecting(() => cause, row.hostnameDuringCeremony);
    const { ctx, calls, redirects } = fakeContext({ '/auth/passkey/initiate-passkey-authentication': authentication });
    const error = await expectError(signInWithPasskey(ctx));
    expect(error).toBeInstanceOf(KnownErrors.PasskeyWebAuthnError);
    expect(error.details).toEqual({ message: error.message, code: row.name, webAuthnCode: row.code, cause: { name: row.name, message: cause.message } });
    const thrown = await webauthn.startAuthentication.mock.results[0]?.value.catch((e: unknown) => e);
    expect(thrown).toMatchObject({ code: row.code, name: row.name });
    expect(calls).toEqual([]);
    expect(redirects).toEqual([]);
  });

  it('passes the browser message of a NotAllowedError through', async () => {
    browserRejecting(() => new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    const { ctx } = fakeContext({ '/auth/passkey/initiate-passkey-authentication': authentication });
    const error = await expectError(signInWithPasskey(ctx));
    expect(error.message).toBe('The operation either timed out or was not allowed.');
    expect(error.details).toMatchObject({ message: 'The operation either timed out or was not allowed.', code: 'NotAllowedError', webAuthnCode: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' });
  });

  it("covers the spec's seven WebAuthn cases, each with its own ERROR_* code", () => {
    const spec = {
      'aborted ceremony': ['ERROR_CEREMONY_ABORTED'],
      'invalid domain': ['ERROR_INVALID_DOMAIN'],
      'invalid relying party': ['ERROR_INVALID_RP_ID'],
      'previously registered authenticator': ['ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'],
      'missing user-verification or discoverable-credential support': [
        'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT',
        'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT',
      ],
      'no supported algorithm': ['ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG'],
      'general authenticator error': ['ERROR_AUTHENTICATOR_GENERAL_ERROR'],
    };
    const tested = new Set(registrationCases.map((row) => row.code));
    expect(Object.keys(spec)).toHaveLength(7);
    expect(Object.values(spec).flat().filter((code) => !tested.has(code))).toEqual([]);
  });
});

describe('passkey failures that are not WebAuthnErrors', () => {
  const registrationFallbacks: { what: string; arrange: () => void }[] = [
    { what: 'a browser without WebAuthn', arrange: () => browserWithoutWebAuthn() },
    { what: 'a rejection the library does not classify (TypeError)', arrange: () => browserRejecting(() => new TypeError('bad options')) },
    { what: 'an error with a WebAuthn-like shape that is not a WebAuthnError', arrange: () => webauthn.startRegistration.mockRejectedValue(Object.assign(new Error('x'), { name: 'NotAllowedError', code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' })) },
  ];

  it.each(registrationFallbacks)('registration: $what is PASSKEY_REGISTRATION_FAILED "due to unknown error"', async ({ arrange }) => {
    arrange();
    const { ctx } = fakeContext({ '/auth/passkey/initiate-passkey-registration': fullRegistration });
    const error = await expectError(registerPasskey(ctx, 'u1'));
    expect(error).toBeInstanceOf(KnownErrors.PasskeyRegistrationFailed);
    expect(error.message).toBe('Failed to start passkey registration due to unknown error');
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('registration: a sentinel rp id mismatch throws before the ceremony, as in the SDK', async () => {
    const { ctx } = fakeContext({
      '/auth/passkey/initiate-passkey-registration': { ...registration, options_json: { ...registration.options_json, rp: { id: 'evil.example', name: 'x' } } },
    });
    await expect(registerPasskey(ctx, 'u1')).rejects.toThrow(/rp\.id/);
    expect(webauthn.startRegistration).not.toHaveBeenCalled();
  });

  const signInFallbacks: { what: string; answers: Record<string, unknown>; arrange?: () => void; backend?: () => unknown }[] = [
    {
      what: 'a sentinel rp id mismatch',
      answers: { '/auth/passkey/initiate-passkey-authentication': { ...authentication, options_json: { ...authentication.options_json, rpId: 'evil.example' } } },
    },
    {
      what: 'a browser without WebAuthn',
      answers: { '/auth/passkey/initiate-passkey-authentication': authentication },
      arrange: () => browserWithoutWebAuthn(),
    },
    {
      what: 'an error with a WebAuthn-like shape that is not a WebAuthnError',
      answers: { '/auth/passkey/initiate-passkey-authentication': authentication },
      arrange: () => webauthn.startAuthentication.mockRejectedValue(Object.assign(new Error('x'), { name: 'NotAllowedError', code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' })),
    },
    {
      what: 'a failed exchange that is not a passkey error (network)',
      answers: { '/auth/passkey/initiate-passkey-authentication': authentication },
      arrange: () => webauthn.startAuthentication.mockResolvedValue({ id: 'cred' }),
      backend: () => {
        throw new TypeError('Failed to fetch');
      },
    },
  ];

  it.each(signInFallbacks)('sign-in: $what is returned as PASSKEY_AUTHENTICATION_FAILED "Failed to sign in with passkey"', async ({ answers, arrange, backend }) => {
    arrange?.();
    const { ctx, redirects } = fakeContext(answers);
    if (backend) vi.mocked(ctx.backend.call).mockImplementation(async () => backend() as never);
    const error = await expectError(signInWithPasskey(ctx));
    expect(error).toBeInstanceOf(KnownErrors.PasskeyAuthenticationFailed);
    expect(error.message).toBe('Failed to sign in with passkey');
    expect(error.cause).toBeInstanceOf(Error);
    expect(redirects).toEqual([]);
  });

  it.each([
    ['PASSKEY_AUTHENTICATION_FAILED', () => new KnownErrors.PasskeyAuthenticationFailed('Passkey not found')],
    ['INVALID_TOTP_CODE', () => new KnownErrors.InvalidTotpCode()],
  ] as const)('sign-in: the backend answer %s is returned as it is', async (code, answer) => {
    webauthn.startAuthentication.mockResolvedValue({ id: 'cred' });
    const { ctx } = fakeContext({ '/auth/passkey/initiate-passkey-authentication': authentication });
    const backendError = answer();
    vi.mocked(ctx.backend.call).mockRejectedValue(backendError);
    const error = await expectError(signInWithPasskey(ctx));
    expect(error).toBe(backendError);
    expect(error.code).toBe(code);
  });
});

describe('the device told (WebAuthn signal API)', () => {
  /** A browser with the signal API: each call recorded. */
  function signalApi() {
    const signals = { signalUnknownCredential: vi.fn(async () => undefined), signalAllAcceptedCredentials: vi.fn(async () => undefined) };
    vi.stubGlobal('PublicKeyCredential', signals);
    return signals;
  }

  it('after a registration (which replaces the old passkey): only the new credential is accepted for this user', async () => {
    const signals = signalApi();
    const { ctx } = fakeContext({ '/auth/passkey/initiate-passkey-registration': registration, '/auth/passkey/register': { user_handle: 'cred' } });
    webauthn.startRegistration.mockResolvedValue({ id: 'cred' });
    expect(await registerPasskey(ctx, 'u1')).toEqual({ status: 'ok', data: undefined });
    // The user handle is the id's UTF-8 bytes: 'u1' is dTE in base64url.
    expect(signals.signalAllAcceptedCredentials).toHaveBeenCalledWith({ rpId: 'app.localhost', userId: 'dTE', allAcceptedCredentialIds: ['cred'] });
  });

  it('a credential the backend does not know ("Passkey not found") is signalled unknown; another failure is not', async () => {
    const signals = signalApi();
    webauthn.startAuthentication.mockResolvedValue({ id: 'gone' });
    const { ctx } = fakeContext({ '/auth/passkey/initiate-passkey-authentication': authentication });
    // As the backend's answer reaches the page: the catalogue's class with the backend's message.
    const answer = async (message: string) => (await loadKnownErrorClasses()).createKnownError('PASSKEY_AUTHENTICATION_FAILED', undefined, message);
    vi.mocked(ctx.backend.call).mockRejectedValueOnce(await answer('Passkey not found'));
    await expectError(signInWithPasskey(ctx));
    expect(signals.signalUnknownCredential).toHaveBeenCalledWith({ rpId: 'app.localhost', credentialId: 'gone' });
    vi.mocked(ctx.backend.call).mockRejectedValueOnce(await answer('The signature could not be verified'));
    await expectError(signInWithPasskey(ctx));
    expect(signals.signalUnknownCredential).toHaveBeenCalledTimes(1);
  });

  it('a browser without the signal API (or one that refuses it) changes nothing', async () => {
    vi.stubGlobal('PublicKeyCredential', { signalAllAcceptedCredentials: vi.fn(async () => Promise.reject(new DOMException('no', 'SecurityError'))) });
    const { ctx } = fakeContext({ '/auth/passkey/initiate-passkey-registration': registration, '/auth/passkey/register': { user_handle: 'cred' } });
    webauthn.startRegistration.mockResolvedValue({ id: 'cred' });
    expect(await registerPasskey(ctx, 'u1')).toEqual({ status: 'ok', data: undefined });
    vi.stubGlobal('PublicKeyCredential', undefined);
    expect(await registerPasskey(ctx, 'u1')).toEqual({ status: 'ok', data: undefined });
  });
});

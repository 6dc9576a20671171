// Passkeys on the page: the WebAuthn ceremonies run here, with @simplewebauthn/browser
// loaded only when one starts; the sign-in itself (it mints tokens) is sent by the session backend.
import { shapeAuthenticationOptions, shapeRegistrationOptions } from '../../flows/passkey-options.ts';
import { KnownError } from '../../protocol/errors/base.ts';
import { loadKnownErrorClasses as catalogue } from '../../protocol/errors/loader.ts';
import { err, ok, type Result } from '../../protocol/result.ts';
import type { ClientContext } from '../app/context.ts';
import { changed, readKey } from '../reads/read-keys.ts';
import { asResult } from '../app/as-result.ts';
import { withMfa } from '../sign-in/sign-in.ts';
import * as api from '../../protocol/contract/api.generated.ts';
import { apiCall } from '../backend/api-call.ts';
import { signalPasskeyReplaced, signalUnknownPasskey } from './passkey-signals.ts';

interface Initiation {
  options: Record<string, unknown>;
  code: string;
}

async function initiate(ctx: ClientContext, kind: 'registration' | 'authentication'): Promise<Initiation | null> {
  try {
    const body = (await ctx.transport.sendJson(
      apiCall(kind === 'registration' ? api.passkeyInitiateRegistration : api.passkeyInitiateAuthentication, {
        json: {},
        withSession: kind === 'registration',
      }),
    )) as { options_json?: unknown; code?: unknown } | null;
    const options = body?.options_json;
    if (typeof options !== 'object' || options === null || typeof body?.code !== 'string') return null;
    return { options: options as Record<string, unknown>, code: body.code };
  } catch {
    return null;
  }
}

/** A locally built PASSKEY_* failure, keeping what went wrong as its `cause`. */
async function passkeyFailure(code: 'PASSKEY_REGISTRATION_FAILED' | 'PASSKEY_AUTHENTICATION_FAILED', message: string, cause?: unknown): Promise<KnownError> {
  const error = (await catalogue()).createKnownError(code, undefined, message);
  if (cause !== undefined) error.cause = cause;
  return error;
}

/**
 * A failed ceremony as PASSKEY_WEBAUTHN_ERROR: `details.code` is the DOMException name
 * (e.g. NotAllowedError) as in the SDK, `details.webAuthnCode` @simplewebauthn's ERROR_* code and
 * `details.cause` the browser's error as plain data; the WebAuthnError itself is the `cause`. Null unless
 * it is @simplewebauthn's WebAuthnError.
 */
async function webAuthnError(error: unknown): Promise<KnownError | null> {
  let isWebAuthnError = false;
  try {
    isWebAuthnError = error instanceof (await import('@simplewebauthn/browser')).WebAuthnError;
  } catch {
    // The library did not load: the failure came from elsewhere.
  }
  if (!isWebAuthnError) return null;
  const { name, message, code, cause } = error as Error & { code: string };
  const details = { message, code: name, webAuthnCode: code, ...(cause instanceof Error ? { cause: { name: cause.name, message: cause.message } } : {}) };
  const known = (await catalogue()).createKnownError('PASSKEY_WEBAUTHN_ERROR', details, message);
  known.cause = error;
  return known;
}

/** Registers a passkey for the signed-in user `userId` (one per user: a new one replaces the old, and the device is told). */
export async function registerPasskey(ctx: ClientContext, userId: string): Promise<Result<undefined, KnownError>> {
  const initiation = await initiate(ctx, 'registration');
  if (!initiation) return err(await passkeyFailure('PASSKEY_REGISTRATION_FAILED', 'Failed to get initiation options for passkey registration'));
  // A sentinel mismatch throws here, before the ceremony, as in the SDK.
  const optionsJSON = shapeRegistrationOptions(initiation.options, location.hostname);
  const { startRegistration } = await import('@simplewebauthn/browser');
  let credential: unknown;
  try {
    credential = await startRegistration({ optionsJSON: optionsJSON as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  } catch (error) {
    return err((await webAuthnError(error)) ?? (await passkeyFailure('PASSKEY_REGISTRATION_FAILED', 'Failed to start passkey registration due to unknown error', error)));
  }
  const result = await asResult(
    () => ctx.transport.sendJson(apiCall(api.passkeyRegister, { json: { credential, code: initiation.code } })),
    ['PASSKEY_REGISTRATION_FAILED', 'PASSKEY_AUTHENTICATION_FAILED'],
  );
  if (result.status === 'error') return result;
  signalPasskeyReplaced(userId, (credential as { id: string }).id);
  await changed(ctx, [readKey('user')]);
  return ok(undefined);
}

/**
 * Signs in with a passkey of this site (discoverable credential), then redirects to after-sign-in. As in
 * the SDK, every failure up to the token exchange is a result: a WebAuthnError is
 * PASSKEY_WEBAUTHN_ERROR, the backend's PASSKEY_AUTHENTICATION_FAILED and INVALID_TOTP_CODE are passed on,
 * anything else (a sentinel mismatch, a network failure) is PASSKEY_AUTHENTICATION_FAILED.
 */
export async function signInWithPasskey(ctx: ClientContext, options: { noRedirect?: boolean } = {}): Promise<Result<undefined, KnownError>> {
  try {
    const initiation = await initiate(ctx, 'authentication');
    if (!initiation) return err(await passkeyFailure('PASSKEY_AUTHENTICATION_FAILED', 'Failed to get initiation options for passkey authentication'));
    const optionsJSON = shapeAuthenticationOptions(initiation.options, location.hostname);
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const authenticationResponse: Record<string, unknown> = {
      ...(await startAuthentication({ optionsJSON: optionsJSON as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] })),
    };
    ctx.sessionChanged(await withPasskeySignIn(ctx, authenticationResponse, initiation.code));
  } catch (error) {
    return err(await signInFailure(error));
  }
  if (!options.noRedirect) await redirectAfterSignIn(ctx);
  return ok(undefined);
}

/**
 * The sign-in with a ceremony's answer. The backend's PASSKEY_AUTHENTICATION_FAILED "Passkey not found" (the
 * protocol's one word for a credential id it does not know) tells the device to stop offering that passkey.
 */
async function withPasskeySignIn(ctx: ClientContext, authenticationResponse: Record<string, unknown>, code: string) {
  try {
    return await withMfa(ctx, () => ctx.backend.call('signInWithPasskey', { authenticationResponse, code }));
  } catch (error) {
    if (error instanceof KnownError && error.code === 'PASSKEY_AUTHENTICATION_FAILED' && /passkey not found/i.test(error.message) && typeof authenticationResponse['id'] === 'string') {
      signalUnknownPasskey(authenticationResponse['id']);
    }
    throw error;
  }
}

const redirectAfterSignIn = (ctx: ClientContext) => ctx.redirect(ctx.currentUrl()?.searchParams.get('after_auth_return_to') || ctx.urls.afterSignIn, { replace: true });

/** The sign-in options' code lives about 65 s: a waiting autofill request is renewed with fresh options before then. */
export const AUTOFILL_RENEW_MS = 50_000;

/**
 * Passkey autofill (WebAuthn conditional mediation): a request waits behind the fields marked
 * `autocomplete="username webauthn"` until the user picks a passkey from the browser's list, then signs in as
 * signInWithPasskey does. Renewed with fresh options every AUTOFILL_RENEW_MS. Null when the browser has no
 * autofill, when `signal` aborts, or when another ceremony (the passkey button) took over; a result once the
 * user picked a passkey.
 */
export async function signInWithPasskeyAutofill(ctx: ClientContext, { signal }: { signal: AbortSignal }): Promise<Result<undefined, KnownError> | null> {
  const { browserSupportsWebAuthnAutofill, startAuthentication, WebAuthnAbortService } = await import('@simplewebauthn/browser');
  if (!(await browserSupportsWebAuthnAutofill())) return null;
  while (!signal.aborted) {
    const initiation = await initiate(ctx, 'authentication');
    if (!initiation || signal.aborted) return null;
    const optionsJSON = shapeAuthenticationOptions(initiation.options, location.hostname);
    // Only a ceremony still ours is cancelled: once another took over, cancelling would end that one.
    let settled = false;
    let renewing = false;
    const cancel = () => settled || WebAuthnAbortService.cancelCeremony();
    const renew = setTimeout(() => ((renewing = true), cancel()), AUTOFILL_RENEW_MS);
    signal.addEventListener('abort', cancel);
    try {
      const response = await startAuthentication({ optionsJSON: optionsJSON as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'], useBrowserAutofill: true });
      settled = true;
      ctx.sessionChanged(await withPasskeySignIn(ctx, { ...response }, initiation.code));
    } catch (error) {
      settled = true;
      if (renewing && !signal.aborted) continue;
      const aborted = signal.aborted || (error instanceof Error && 'code' in error && error.code === 'ERROR_CEREMONY_ABORTED');
      return aborted ? null : err(await signInFailure(error));
    } finally {
      clearTimeout(renew);
      signal.removeEventListener('abort', cancel);
    }
    await redirectAfterSignIn(ctx);
    return ok(undefined);
  }
  return null;
}

async function signInFailure(error: unknown): Promise<KnownError> {
  const ceremonyError = await webAuthnError(error);
  if (ceremonyError) return ceremonyError;
  if (error instanceof KnownError) {
    const { isKnownErrorOf } = await catalogue();
    if (isKnownErrorOf(error, 'PASSKEY_AUTHENTICATION_FAILED') || isKnownErrorOf(error, 'INVALID_TOTP_CODE')) return error;
  }
  return passkeyFailure('PASSKEY_AUTHENTICATION_FAILED', 'Failed to sign in with passkey', error);
}

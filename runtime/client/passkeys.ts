// Passkeys on the page (protocol.md §7.3, §8.5): the WebAuthn ceremonies run here, with @simplewebauthn/browser
// loaded only when one starts; the sign-in itself (it mints tokens) is sent by the session backend.
import { shapeAuthenticationOptions, shapeRegistrationOptions } from '../flows/passkey-options.ts';
import type { KnownError } from '../protocol/known-error-base.ts';
import { loadKnownErrorClasses as catalogue } from '../protocol/known-error-base.ts';
import { err, ok, type Result } from '../protocol/result.ts';
import type { ClientContext } from './context.ts';
import { changed, readKey } from './read-keys.ts';
import { asResult, withMfa } from './sign-in.ts';

interface Initiation {
  options: Record<string, unknown>;
  code: string;
}

async function initiate(ctx: ClientContext, kind: 'registration' | 'authentication'): Promise<Initiation | null> {
  try {
    const body = (await ctx.transport.sendJson({
      path: `/auth/passkey/initiate-passkey-${kind}`,
      method: 'POST',
      json: {},
      withSession: kind === 'registration',
    })) as { options_json?: unknown; code?: unknown } | null;
    const options = body?.options_json;
    if (typeof options !== 'object' || options === null || typeof body?.code !== 'string') return null;
    return { options: options as Record<string, unknown>, code: body.code };
  } catch {
    return null;
  }
}

/** A failed ceremony as PASSKEY_WEBAUTHN_ERROR, with the DOMException name (e.g. NotAllowedError) as its code. */
async function webAuthnError(error: unknown): Promise<KnownError> {
  const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
  return (await catalogue()).createKnownError('PASSKEY_WEBAUTHN_ERROR', { message, code: name }, message);
}

/** Registers a passkey for the signed-in user (one per user: a new one replaces the old). */
export async function registerPasskey(ctx: ClientContext): Promise<Result<undefined, KnownError>> {
  const initiation = await initiate(ctx, 'registration');
  if (!initiation) return err((await catalogue()).createKnownError('PASSKEY_REGISTRATION_FAILED', undefined, 'Failed to get initiation options for passkey registration'));
  const optionsJSON = shapeRegistrationOptions(initiation.options, location.hostname);
  const { startRegistration } = await import('@simplewebauthn/browser');
  let credential: unknown;
  try {
    credential = await startRegistration({ optionsJSON: optionsJSON as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  } catch (error) {
    return err(await webAuthnError(error));
  }
  const result = await asResult(
    () => ctx.transport.sendJson({ path: '/auth/passkey/register', method: 'POST', json: { credential, code: initiation.code } }),
    ['PASSKEY_REGISTRATION_FAILED', 'PASSKEY_AUTHENTICATION_FAILED'],
  );
  if (result.status === 'error') return result;
  await changed(ctx.userCache, [readKey('user')]);
  return ok(undefined);
}

/** Signs in with a passkey of this site (discoverable credential), then redirects to after-sign-in. */
export async function signInWithPasskey(ctx: ClientContext, options: { noRedirect?: boolean } = {}): Promise<Result<undefined, KnownError>> {
  const initiation = await initiate(ctx, 'authentication');
  if (!initiation) return err((await catalogue()).createKnownError('PASSKEY_AUTHENTICATION_FAILED', undefined, 'Failed to get initiation options for passkey authentication'));
  const optionsJSON = shapeAuthenticationOptions(initiation.options, location.hostname);
  const { startAuthentication } = await import('@simplewebauthn/browser');
  let authenticationResponse: Record<string, unknown>;
  try {
    authenticationResponse = { ...(await startAuthentication({ optionsJSON: optionsJSON as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] })) };
  } catch (error) {
    return err(await webAuthnError(error));
  }
  const result = await asResult(
    () => withMfa(ctx, () => ctx.backend.call('signInWithPasskey', { authenticationResponse, code: initiation.code })),
    ['PASSKEY_AUTHENTICATION_FAILED', 'INVALID_TOTP_CODE'],
  );
  if (result.status === 'error') return result;
  await ctx.syncSession();
  if (!options.noRedirect) ctx.redirect(ctx.currentUrl()?.searchParams.get('after_auth_return_to') || ctx.urls.afterSignIn, { replace: true });
  return ok(undefined);
}

// Passkeys: WebAuthn ceremonies verified with @simplewebauthn/server against the
// origin in clientDataJSON — localhost when the project allows it, else exactly one of its trusted domains.
// One passkey per user; re-registering replaces it.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { Database, PasskeyRow } from '../db/schema.ts';
import { KnownError } from '../core/known-errors.ts';
import type { Project } from './projects.ts';
import { primaryEmailChannel, type UserRecord } from './user-record.ts';

/** The ceremonies' library and its helpers, imported at the first passkey call: the emulator's largest import (~14 MB). */
const webauthn = () => import('@simplewebauthn/server');
const helpers = () => import('@simplewebauthn/server/helpers');

/** Replaced by the client with its own hostname. */
const SENTINEL_RP_ID = 'THIS_VALUE_WILL_BE_REPLACED.example.com';
const CEREMONY_TIMEOUT_MILLIS = 60_000;
export const CHALLENGE_CODE_LIFETIME_MILLIS = CEREMONY_TIMEOUT_MILLIS + 5_000;

/** The backend's test switch: every ceremony's challenge is the bytes of `MOCK` (base64url `TU9DSw`). */
function hardcodedChallenge(): Uint8Array<ArrayBuffer> | undefined {
  return process.env.STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING === 'yes' ? new TextEncoder().encode('MOCK') : undefined;
}

export async function registrationOptions(project: Project, user: UserRecord) {
  const name = user.row.display_name || primaryEmailChannel(user)?.value || 'Stack Auth User';
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: project.displayName,
    rpID: SENTINEL_RP_ID,
    // The user id as the WebAuthn user handle: browsers keep one passkey per (user, rp).
    userID: new TextEncoder().encode(user.row.id),
    userName: name,
    userDisplayName: name,
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: CEREMONY_TIMEOUT_MILLIS,
    ...(hardcodedChallenge() ? { challenge: hardcodedChallenge() } : {}),
  });
  // The backend's @simplewebauthn version sends no `hints`.
  const { hints: _hints, ...rest } = options;
  return rest;
}

export async function authenticationOptions() {
  const challenge = hardcodedChallenge();
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: SENTINEL_RP_ID,
    userVerification: 'preferred',
    allowCredentials: [],
    timeout: CEREMONY_TIMEOUT_MILLIS,
    ...(challenge ? { challenge } : {}),
  });
  return { challenge: options.challenge, allowCredentials: [], timeout: CEREMONY_TIMEOUT_MILLIS, userVerification: 'preferred', rpId: SENTINEL_RP_ID };
}

/** The origin and rp id a ceremony must carry, or the PASSKEY_AUTHENTICATION_FAILED of the backend's origin check. */
async function expectedOrigin(project: Project, clientDataJSON: string, ceremony: 'registration' | 'authentication'): Promise<{ origin: string; rpId: string }> {
  const { decodeClientDataJSON } = await helpers();
  let origin: string;
  try {
    origin = decodeClientDataJSON(clientDataJSON).origin;
  } catch {
    throw new KnownError('PASSKEY_AUTHENTICATION_FAILED', { message: `Passkey ${ceremony} failed because the client data could not be read` });
  }
  const parsed = new URL(origin);
  const isLocalhost = parsed.hostname === 'localhost';
  if (isLocalhost && !project.config.allow_localhost) {
    throw new KnownError('PASSKEY_AUTHENTICATION_FAILED', { message: `Passkey ${ceremony} failed because localhost is not allowed` });
  }
  if (!isLocalhost && !project.config.domains.some((d) => d.domain === parsed.origin)) {
    throw new KnownError('PASSKEY_AUTHENTICATION_FAILED', { message: `Passkey ${ceremony} failed because the origin is not allowed` });
  }
  return { origin, rpId: parsed.hostname };
}

/** Verifies the attestation and stores (or replaces) the user's passkey; returns its credential id. */
export async function registerPasskey(
  db: Kysely<Database>,
  project: Project,
  user: UserRecord,
  o: { credential: RegistrationResponseJSON; challenge: string; nowMillis: number },
): Promise<string> {
  const expected = await expectedOrigin(project, o.credential.response.clientDataJSON, 'registration');
  let verification;
  try {
    verification = await (await webauthn()).verifyRegistrationResponse({
      response: o.credential,
      expectedChallenge: o.challenge,
      expectedOrigin: expected.origin,
      expectedRPID: expected.rpId,
      expectedType: 'webauthn.create',
      requireUserVerification: false,
    });
  } catch (error) {
    throw new KnownError('PASSKEY_REGISTRATION_FAILED', { message: `Passkey registration failed: ${error instanceof Error ? error.message : String(error)}` });
  }
  if (!verification.verified || !verification.registrationInfo) {
    throw new KnownError('PASSKEY_REGISTRATION_FAILED', { message: 'Passkey registration failed because the verification response is invalid' });
  }
  const { credential } = verification.registrationInfo;
  const row: PasskeyRow = {
    user_id: user.row.id,
    project_id: project.id,
    credential_id: credential.id,
    public_key: (await helpers()).isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? [],
    created_at_millis: o.nowMillis,
  };
  await db.deleteFrom('passkeys').where('user_id', '=', user.row.id).execute();
  await db.insertInto('passkeys').values({ ...row, transports: JSON.stringify(row.transports) }).execute();
  return credential.id;
}

/** Verifies an assertion; returns the passkey's user id. */
export async function authenticateWithPasskey(
  db: Kysely<Database>,
  project: Project,
  o: { response: AuthenticationResponseJSON; challenge: string },
): Promise<string> {
  const passkey = await db.selectFrom('passkeys').selectAll().where('project_id', '=', project.id).where('credential_id', '=', o.response.id).executeTakeFirst();
  if (!passkey) throw new KnownError('PASSKEY_AUTHENTICATION_FAILED', { message: 'Passkey not found' });
  const expected = await expectedOrigin(project, o.response.response.clientDataJSON, 'authentication');
  const failed = () =>
    new KnownError('PASSKEY_AUTHENTICATION_FAILED', {
      message: 'The signature of the authentication response could not be verified with the stored public key tied to this credential ID',
    });
  let verification;
  try {
    verification = await (await webauthn()).verifyAuthenticationResponse({
      response: o.response,
      expectedChallenge: o.challenge,
      expectedOrigin: expected.origin,
      expectedRPID: expected.rpId,
      credential: { id: passkey.credential_id, publicKey: (await helpers()).isoBase64URL.toBuffer(passkey.public_key), counter: passkey.counter },
      requireUserVerification: false,
    });
  } catch {
    throw failed();
  }
  if (!verification.verified) throw failed();
  await db.updateTable('passkeys').set({ counter: verification.authenticationInfo.newCounter }).where('user_id', '=', passkey.user_id).execute();
  return passkey.user_id;
}

// Passkey registration and sign-in.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { Hono } from 'hono';
import { signInWithMfa } from '../domain/mfa.ts';
import { authenticateWithPasskey, authenticationOptions, CHALLENGE_CODE_LIFETIME_MILLIS, registerPasskey, registrationOptions } from '../domain/passkeys.ts';
import { getUser } from '../domain/users.ts';
import { createVerificationCode, redeemVerificationCode } from '../domain/verification-codes.ts';
import type { AppEnv, Auth } from '../http/env.ts';
import { signedInUser } from '../http/endpoint.ts';
import { tableRoute } from '../http/table-route.ts';
import { KnownError } from '../core/known-errors.ts';
import { json } from '../http/respond.ts';
import { json as anyJson, object } from '../http/schema.ts';
import { codeField } from '../http/request-fields.ts';
import { apiOrigin, requestCountryCode } from '../http/request-info.ts';

function requirePasskeys(auth: Auth): void {
  if (!auth.project.config.passkey_enabled) throw new KnownError('PASSKEY_AUTHENTICATION_NOT_ENABLED');
}

export const passkeyRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute('passkeyInitiateRegistration', { user: 'required' }, async (c, { auth }) => {
      requirePasskeys(auth);
      const { db, clock } = c.get('services');
      const options = await registrationOptions(auth.project, signedInUser(auth));
      const code = await createVerificationCode(db, {
        projectId: auth.project.id,
        type: 'passkey_registration_challenge',
        data: { userHandle: options.user.id, challenge: options.challenge },
        nowMillis: clock.now(),
        lifetimeMillis: CHALLENGE_CODE_LIFETIME_MILLIS,
      });
      return json({ options_json: options, code });
    }),
  )
  .on(
    ...tableRoute('passkeyRegister', { user: 'required', body: object({ credential: anyJson(), code: codeField() }) }, async (c, { auth, body }) => {
      const { db, clock } = c.get('services');
      const now = clock.now();
      const row = await redeemVerificationCode(db, { projectId: auth.project.id, type: 'passkey_registration_challenge', code: body.code, nowMillis: now, consume: true });
      requirePasskeys(auth);
      const { challenge } = row.data as { challenge: string };
      const credentialId = await registerPasskey(db, auth.project, signedInUser(auth), { credential: body.credential as RegistrationResponseJSON, challenge, nowMillis: now });
      return json({ user_handle: credentialId });
    }),
  )
  .on(
    ...tableRoute('passkeyInitiateAuthentication', {}, async (c, { auth }) => {
      requirePasskeys(auth);
      const { db, clock } = c.get('services');
      const options = await authenticationOptions();
      const code = await createVerificationCode(db, {
        projectId: auth.project.id,
        type: 'passkey_authentication_challenge',
        data: { challenge: options.challenge },
        nowMillis: clock.now(),
        lifetimeMillis: CHALLENGE_CODE_LIFETIME_MILLIS,
      });
      return json({ options_json: options, code });
    }),
  )
  .on(
    ...tableRoute('passkeySignIn', { body: object({ authentication_response: anyJson(), code: codeField() }) }, async (c, { auth, body, smart }) => {
      const services = c.get('services');
      const now = services.clock.now();
      const row = await redeemVerificationCode(services.db, { projectId: auth.project.id, type: 'passkey_authentication_challenge', code: body.code, nowMillis: now, consume: true });
      requirePasskeys(auth);
      const { challenge } = row.data as { challenge: string };
      const userId = await authenticateWithPasskey(services.db, auth.project, { response: body.authentication_response as AuthenticationResponseJSON, challenge });
      const user = await getUser(services.db, auth.project.id, userId);
      if (!user) throw new KnownError('PASSKEY_AUTHENTICATION_FAILED', { message: 'Passkey not found' });
      const session = await signInWithMfa(services, { projectId: auth.project.id, user, dialect: smart.dialect, origin: apiOrigin(c), countryCode: requestCountryCode(c), isNewUser: false });
      return json({ access_token: session.accessToken, refresh_token: session.refreshToken, is_new_user: false, user_id: user.row.id });
    }),
  );

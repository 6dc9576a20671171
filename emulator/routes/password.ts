// Password sign-up and sign-in.
import { Hono } from 'hono';
import { hashPassword, verifyPassword } from '../auth/password-hash.ts';
import type { AppEnv } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { KnownError, type Dialect } from '../core/known-errors.ts';
import { json } from '../http/respond.ts';
import { object, string, type Schema } from '../http/schema.ts';
import { createOrUpgradeAnonymousUser, findUserByAuthEmail } from '../domain/users.ts';
import { sendChannelVerificationEmail } from '../domain/contact-channel-verification.ts';
import { signInWithMfa } from '../domain/mfa.ts';
import { issueSession } from '../domain/sessions.ts';
import { apiOrigin, requestCountryCode } from '../http/request-info.ts';
import { checkPasswordRequirements } from '../domain/password-policy.ts';
import { botChallengeFields, passwordField } from '../http/request-fields.ts';
import { primaryEmailChannel } from '../domain/user-record.ts';

const signUpStack = object({
  email: string({ email: 'strict' }),
  password: passwordField(),
  verification_callback_url: string({ url: true }),
});
// The 2.8 client omits the callback with noVerificationCallback, and may send the bot-challenge fields.
const signUpCurrent = object({
  email: string({ email: 'strict' }),
  password: passwordField(),
  verification_callback_url: string({ url: true }).optional(),
  ...botChallengeFields(),
});

/** What sign-up reads, in either dialect (the bot-challenge fields are accepted and unused). */
const signUpBody = (dialect: Dialect): Schema<{ email: string; password: string; verification_callback_url?: string | undefined }> =>
  dialect === 'current' ? signUpCurrent : signUpStack;

export const passwordRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute('passwordSignUp', { body: signUpBody }, async (c, { auth, body, smart }) => {
      const services = c.get('services');
      const config = auth.project.config;
      if (!config.credential_enabled) throw new KnownError('PASSWORD_AUTHENTICATION_NOT_ENABLED');
      checkPasswordRequirements(body.password);
      if (!config.sign_up_enabled) throw new KnownError('SIGN_UP_NOT_ENABLED');
      const user = await createOrUpgradeAnonymousUser(services.db, auth.project.id, services.clock.now(), auth.user, {
        primaryEmail: body.email,
        primaryEmailVerified: false,
        primaryEmailAuthEnabled: true,
        passwordHash: await hashPassword(body.password),
        webhookDialect: services.dialect,
      });
      const channel = primaryEmailChannel(user);
      if (body.verification_callback_url !== undefined && channel) {
        // An untrusted callback does not fail the sign-up; the e-mail is just not sent.
        await sendChannelVerificationEmail(
          services,
          auth.project,
          { userId: user.row.id, channelId: channel.id, email: channel.value },
          body.verification_callback_url,
        ).catch((error: unknown) => {
          if (!(error instanceof KnownError && error.code === 'REDIRECT_URL_NOT_WHITELISTED')) throw error;
        });
      }
      const session = await issueSession(services, { projectId: auth.project.id, user, dialect: smart.dialect, origin: apiOrigin(c), countryCode: requestCountryCode(c) });
      return json({ access_token: session.accessToken, refresh_token: session.refreshToken, user_id: user.row.id });
    }),
  )
  .on(
    ...tableRoute('passwordSignIn',
      { body: object({ email: string({ email: 'plain' }), password: passwordField() }) },
      async (c, { auth, body, smart }) => {
        const services = c.get('services');
        if (!auth.project.config.credential_enabled) throw new KnownError('PASSWORD_AUTHENTICATION_NOT_ENABLED');
        const user = await findUserByAuthEmail(services.db, auth.project.id, body.email);
        const hash = user?.row.password_hash ?? null;
        if (!user || hash === null || !(await verifyPassword(body.password, hash))) throw new KnownError('EMAIL_PASSWORD_MISMATCH');
        const session = await signInWithMfa(services, { projectId: auth.project.id, user, dialect: smart.dialect, origin: apiOrigin(c), countryCode: requestCountryCode(c), isNewUser: false });
        return json({ access_token: session.accessToken, refresh_token: session.refreshToken, user_id: user.row.id });
      },
    ),
  );

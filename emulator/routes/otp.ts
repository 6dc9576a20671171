// Magic link / OTP sign-in.
import { Hono } from 'hono';
import { wantsLinkOnlyMagicLinkEmail } from '../domain/client-version.ts';
import { markEmailVerified } from '../domain/contact-channels.ts';
import { renderEmail, renderLinkOnlyMagicLinkEmail, sendEmail } from '../domain/emails.ts';
import { isTrustedRedirectUrl } from '../domain/redirect-urls.ts';
import { signInWithMfa } from '../domain/mfa.ts';
import { createOrUpgradeAnonymousUser, findUserByAuthEmail, getUser, updateUser } from '../domain/users.ts';
import { codeLink, createVerificationCode, redeemVerificationCode, splitOtp } from '../domain/verification-codes.ts';
import type { AppEnv } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { stackHeader } from '../http/headers.ts';
import { KnownError } from '../core/known-errors.ts';
import { json } from '../http/respond.ts';
import { object, string } from '../http/schema.ts';
import { botChallengeFields, codeField } from '../http/request-fields.ts';
import { StatusError } from '../core/status-error.ts';
import { apiOrigin, requestCountryCode } from '../http/request-info.ts';

const sendSignInCodeStack = object({ email: string({ email: 'strict' }), callback_url: string({ url: true }) });
const sendSignInCodeCurrent = object({ email: string({ email: 'strict' }), callback_url: string({ url: true }), ...botChallengeFields() });

export const otpRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute('otpSendSignInCode',
      { body: (dialect) => (dialect === 'current' ? sendSignInCodeCurrent : sendSignInCodeStack) },
      async (c, { auth, body }) => {
        const services = c.get('services');
        const config = auth.project.config;
        if (!config.magic_link_enabled) throw new StatusError(403, 'Magic link is not enabled for this project');
        const user = await findUserByAuthEmail(services.db, auth.project.id, body.email);
        if (user) {
          // As the backend: an existing auth e-mail that is unverified, whatever sign-in methods the user has.
          const channel = user.channels.find((ch) => ch.type === 'email' && ch.used_for_auth && ch.value === body.email);
          if (channel && !channel.is_verified) throw new KnownError('USER_EMAIL_ALREADY_EXISTS', { email: body.email, would_work_if_email_was_verified: true });
        } else if (!config.sign_up_enabled) {
          throw new KnownError('SIGN_UP_NOT_ENABLED');
        }
        if (!isTrustedRedirectUrl(body.callback_url, config)) throw new KnownError('REDIRECT_URL_NOT_WHITELISTED');
        const now = services.clock.now();
        const code = await createVerificationCode(services.db, {
          projectId: auth.project.id,
          type: 'otp_sign_in',
          data: { email: body.email },
          nowMillis: now,
        });
        const { otp, nonce } = splitOtp(code);
        const magicLink = codeLink(body.callback_url, code);
        const email = wantsLinkOnlyMagicLinkEmail(stackHeader(c.req.raw.headers, 'client-version'))
          ? renderLinkOnlyMagicLinkEmail(auth.project, magicLink)
          : await renderEmail(services.db, auth.project, 'magic_link', { magicLink, otp });
        await sendEmail(services.db, auth.project, { to: body.email, ...email }, now);
        return json({ nonce });
      },
    ),
  )
  .on(
    ...tableRoute('otpSignInCheckCode', { body: object({ code: codeField() }) }, async (c, { auth, body }) => {
      const services = c.get('services');
      await redeemVerificationCode(services.db, { projectId: auth.project.id, type: 'otp_sign_in', code: body.code, nowMillis: services.clock.now(), consume: false });
      return json({ is_code_valid: true });
    }),
  )
  .on(
    ...tableRoute('otpSignIn', { body: object({ code: codeField() }) }, async (c, { auth, body, smart }) => {
      const services = c.get('services');
      const now = services.clock.now();
      const row = await redeemVerificationCode(services.db, { projectId: auth.project.id, type: 'otp_sign_in', code: body.code, nowMillis: now, consume: true });
      const email = (row.data as { email: string }).email;
      let user = await findUserByAuthEmail(services.db, auth.project.id, email);
      const isNewUser = user === null;
      if (!user) {
        user = await createOrUpgradeAnonymousUser(services.db, auth.project.id, now, auth.user, {
          primaryEmail: email,
          primaryEmailVerified: true,
          primaryEmailAuthEnabled: true,
          otpAuthEnabled: true,
          webhookDialect: services.dialect,
        });
      } else {
        await markEmailVerified(services.db, user.row.id, email);
        if (!user.row.otp_auth_enabled) await updateUser(services.db, auth.project.id, user.row.id, { otp_auth_enabled: true });
        user = (await getUser(services.db, auth.project.id, user.row.id)) ?? user;
      }
      const session = await signInWithMfa(services, { projectId: auth.project.id, user, dialect: smart.dialect, origin: apiOrigin(c), countryCode: requestCountryCode(c), isNewUser });
      return json({ access_token: session.accessToken, refresh_token: session.refreshToken, is_new_user: isNewUser, user_id: user.row.id });
    }),
  );

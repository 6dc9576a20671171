// Password update/set and the reset flow.
import { Hono } from 'hono';
import { hashPassword, verifyPassword } from '../auth/password-hash.ts';
import { revokeUserRefreshTokens } from '../auth/refresh-tokens.ts';
import { renderEmail, sendEmail } from '../domain/emails.ts';
import { isTrustedRedirectUrl } from '../domain/redirect-urls.ts';
import { findUserByAuthEmail, getUser, updateUser } from '../domain/users.ts';
import { codeLink, createVerificationCode, redeemVerificationCode } from '../domain/verification-codes.ts';
import type { AppEnv } from '../http/env.ts';
import { signedInUser } from '../http/endpoint.ts';
import { tableRoute } from '../http/table-route.ts';
import { stackHeader } from '../http/headers.ts';
import { KnownError } from '../core/known-errors.ts';
import { json, success } from '../http/respond.ts';
import { object, string } from '../http/schema.ts';
import { codeField, passwordField } from '../http/request-fields.ts';
import { StatusError } from '../core/status-error.ts';
import { checkPasswordRequirements } from '../domain/password-policy.ts';

const UNKNOWN_EMAIL_DELAY_MIN_MS = 2000;
const UNKNOWN_EMAIL_DELAY_SPREAD_MS = 1000;

export const passwordResetRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute('passwordUpdate',
      { user: 'required', body: object({ old_password: passwordField(), new_password: passwordField() }) },
      async (c, { auth, body }) => {
        const services = c.get('services');
        const user = signedInUser(auth);
        if (!auth.project.config.credential_enabled) throw new KnownError('PASSWORD_AUTHENTICATION_NOT_ENABLED');
        checkPasswordRequirements(body.new_password);
        if (user.row.password_hash === null) throw new KnownError('USER_DOES_NOT_HAVE_PASSWORD');
        if (!(await verifyPassword(body.old_password, user.row.password_hash))) throw new KnownError('PASSWORD_CONFIRMATION_MISMATCH');
        await updateUser(services.db, auth.project.id, user.row.id, { password_hash: await hashPassword(body.new_password) });
        // Keeps the session that made the change.
        const keep = stackHeader(c.req.raw.headers, 'refresh-token') ?? '';
        await revokeUserRefreshTokens(services.db, auth.project.id, user.row.id, keep);
        return success();
      },
    ),
  )
  .on(
    ...tableRoute('passwordSet', { user: 'required', body: object({ password: passwordField() }) }, async (c, { auth, body }) => {
      const user = signedInUser(auth);
      if (!auth.project.config.credential_enabled) throw new KnownError('PASSWORD_AUTHENTICATION_NOT_ENABLED');
      checkPasswordRequirements(body.password);
      if (user.row.password_hash !== null) throw new StatusError(400, 'User already has a password set.');
      await updateUser(c.get('services').db, auth.project.id, user.row.id, { password_hash: await hashPassword(body.password) });
      return success();
    }),
  )
  .on(
    ...tableRoute('passwordSendResetCode',
      { body: object({ email: string({ email: 'plain' }), callback_url: string({ url: true }) }) },
      async (c, { auth, body }) => {
        const services = c.get('services');
        const user = await findUserByAuthEmail(services.db, auth.project.id, body.email);
        if (user) {
          if (!isTrustedRedirectUrl(body.callback_url, auth.project.config)) throw new KnownError('REDIRECT_URL_NOT_WHITELISTED');
          const now = services.clock.now();
          const code = await createVerificationCode(services.db, {
            projectId: auth.project.id,
            type: 'password_reset',
            data: { user_id: user.row.id, email: body.email },
            nowMillis: now,
          });
          const email = await renderEmail(services.db, auth.project, 'password_reset', { passwordResetLink: codeLink(body.callback_url, code) });
          await sendEmail(services.db, auth.project, { to: body.email, ...email }, now);
        } else {
          // As the backend: an unknown address answers the same body, only 2-3 s later.
          await services.clock.sleep(UNKNOWN_EMAIL_DELAY_MIN_MS + Math.random() * UNKNOWN_EMAIL_DELAY_SPREAD_MS);
        }
        return json({ success: 'maybe, only if user with e-mail exists' });
      },
    ),
  )
  .on(
    ...tableRoute('passwordResetCheckCode', { body: object({ code: codeField() }) }, async (c, { auth, body }) => {
      const services = c.get('services');
      await redeemVerificationCode(services.db, { projectId: auth.project.id, type: 'password_reset', code: body.code, nowMillis: services.clock.now(), consume: false });
      return json({ is_code_valid: true });
    }),
  )
  .on(
    ...tableRoute('passwordReset', { body: object({ code: codeField(), password: passwordField() }) }, async (c, { auth, body }) => {
      const services = c.get('services');
      // As the backend: the code is used up before the handler checks the password.
      const row = await redeemVerificationCode(services.db, {
        projectId: auth.project.id,
        type: 'password_reset',
        code: body.code,
        nowMillis: services.clock.now(),
        consume: true,
      });
      if (!auth.project.config.credential_enabled) throw new KnownError('PASSWORD_AUTHENTICATION_NOT_ENABLED');
      checkPasswordRequirements(body.password);
      const userId = (row.data as { user_id: string }).user_id;
      if (!(await getUser(services.db, auth.project.id, userId))) throw new KnownError('USER_NOT_FOUND');
      await updateUser(services.db, auth.project.id, userId, { password_hash: await hashPassword(body.password) });
      await revokeUserRefreshTokens(services.db, auth.project.id, userId);
      return success();
    }),
  );

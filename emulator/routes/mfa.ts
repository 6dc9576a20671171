// POST /auth/mfa/sign-in: the attempt code of MULTI_FACTOR_AUTHENTICATION_REQUIRED + a TOTP.
import { Hono } from 'hono';
import type { MfaAttemptData } from '../domain/mfa.ts';
import { issueSession } from '../domain/sessions.ts';
import { verifyTotp } from '../domain/totp.ts';
import { getUser } from '../domain/users.ts';
import { redeemVerificationCode } from '../domain/verification-codes.ts';
import type { AppEnv } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { KnownError } from '../core/known-errors.ts';
import { json } from '../http/respond.ts';
import { object, string } from '../http/schema.ts';
import { codeField } from '../http/request-fields.ts';
import { apiOrigin, requestCountryCode } from '../http/request-info.ts';

export const mfaRoutes = new Hono<AppEnv>().on(
  ...tableRoute('mfaSignIn', { body: object({ type: string({ oneOf: ['totp'] }), totp: string(), code: codeField() }) }, async (c, { auth, body, smart }) => {
    const services = c.get('services');
    const now = services.clock.now();
    const row = await redeemVerificationCode(services.db, { projectId: auth.project.id, type: 'mfa_attempt', code: body.code, nowMillis: now, consume: true });
    const data = row.data as MfaAttemptData;
    const user = await getUser(services.db, auth.project.id, data.user_id);
    if (!user) throw new KnownError('USER_NOT_FOUND');
    const secret = user.row.totp_secret_base64;
    if (secret === null || !(await verifyTotp(secret, body.totp, now))) throw new KnownError('INVALID_TOTP_CODE');
    const session = await issueSession(services, { projectId: auth.project.id, user, dialect: smart.dialect, origin: apiOrigin(c), countryCode: requestCountryCode(c) });
    return json({ access_token: session.accessToken, refresh_token: session.refreshToken, is_new_user: data.is_new_user, user_id: user.row.id });
  }),
);

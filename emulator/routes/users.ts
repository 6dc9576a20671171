// Server/admin user management: list with inclusive cursors, create, read, update, delete.
import { Hono } from 'hono';
import { hashPassword, INVALID_PASSWORD_HASH, isSupportedPasswordHash } from '../auth/password-hash.ts';
import { applyUserUpdate } from '../domain/user-update.ts';
import { serverUserView } from '../domain/user-views.ts';
import { createUser, deleteUser, getUser, listUsers } from '../domain/users.ts';
import type { AppEnv } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { KnownError, type Dialect } from '../core/known-errors.ts';
import { json, success } from '../http/respond.ts';
import { boolean, json as anyJson, number, object, string, type Infer, type Schema } from '../http/schema.ts';
import { arrayOf, optional } from '../http/schema-extra.ts';
import { StatusError } from '../core/status-error.ts';
import { checkPasswordRequirements, PASSWORD_MAX_LENGTH } from '../domain/password-policy.ts';
import { totpSecretSchema, userUpdateSchema } from '../http/user-update-schema.ts';
import type { UserRecord } from '../domain/user-record.ts';


const listQueryFields = {
  cursor: string({ uuid: true }).optional(),
  limit: number({ integer: true, min: 1 }).optional(),
  order_by: string({ oneOf: ['signed_up_at'] }).optional(),
  desc: boolean().optional(),
  query: string().optional(),
  team_id: string({ uuid: true }).optional(),
};
// The 2.8 client may send these; there are no restricted users here besides anonymous ones.
const currentListQuery = object({
  ...listQueryFields,
  include_restricted: boolean().optional(),
  include_anonymous: boolean().optional(),
  only_anonymous: boolean().optional(),
});
const stackListQuery: Schema<Infer<typeof currentListQuery>> = object(listQueryFields);

const createFields = (dialect: Dialect) => ({
  display_name: string().nullable().optional(),
  profile_image_url: string({ url: true, max: 1_000_000 }).nullable().optional(),
  client_metadata: anyJson().optional(),
  client_read_only_metadata: anyJson().optional(),
  server_metadata: anyJson().optional(),
  primary_email: string({ email: 'plain' }).nullable().optional(),
  primary_email_verified: boolean().optional(),
  primary_email_auth_enabled: boolean().optional(),
  passkey_auth_enabled: boolean().optional(),
  password: string({ max: PASSWORD_MAX_LENGTH }).nullable().optional(),
  password_hash: string().optional(),
  otp_auth_enabled: boolean().optional(),
  totp_secret_base64: totpSecretSchema(dialect),
  oauth_providers: optional(arrayOf(object({ id: string(), account_id: string(), email: string().nullable() }))),
});
const currentCreateSchema = object({ ...createFields('current'), country_code: string().nullable().optional(), risk_scores: anyJson().optional() });
const stackCreateSchema: Schema<Infer<typeof currentCreateSchema>> = object(createFields('stack'));

const userParams = object({ user_id: string({ uuid: true }) });

async function loadUser(db: Parameters<typeof getUser>[0], projectId: string, userId: string): Promise<UserRecord> {
  const user = await getUser(db, projectId, userId);
  if (!user) throw new KnownError('USER_NOT_FOUND');
  return user;
}

export const userRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute('usersList', { query: (d) => (d === 'current' ? currentListQuery : stackListQuery) }, async (c, { auth, query, smart }) => {
      const { users, nextCursor } = await listUsers(c.get('services').db, auth.project.id, {
        desc: query.desc,
        query: query.query,
        teamId: query.team_id,
        cursor: query.cursor,
        limit: query.limit,
        anonymous: query.only_anonymous === true ? 'only' : query.include_anonymous === true ? 'include' : 'exclude',
      });
      return json({ items: users.map((u) => serverUserView(u, smart.dialect)), is_paginated: true, pagination: { next_cursor: nextCursor } });
    }),
  )
  .on(
    ...tableRoute('usersCreate', { body: (d) => (d === 'current' ? currentCreateSchema : stackCreateSchema) }, async (c, { auth, body, smart }) => {
      const services = c.get('services');
      if (body.primary_email_auth_enabled && !body.primary_email) {
        throw new StatusError(400, 'primary_email_auth_enabled cannot be true without primary_email');
      }
      if (body.password !== undefined && body.password_hash !== undefined) {
        throw new StatusError(400, 'Cannot set both password and password_hash at the same time.');
      }
      if ((body.password || body.password_hash) && !auth.project.config.credential_enabled) {
        throw new StatusError(400, 'Password auth not enabled in the project');
      }
      if (body.otp_auth_enabled && !auth.project.config.magic_link_enabled) throw new StatusError(400, 'OTP auth not enabled in the project');
      if (body.passkey_auth_enabled) throw new StatusError(400, 'Cannot manually enable passkey auth, it is enabled iff there is a passkey auth method');
      // The 2.7 backend does not check a server-set password's length on create; the 2.8 service does.
      if (typeof body.password === 'string' && smart.dialect === 'current') checkPasswordRequirements(body.password);
      if (body.password_hash !== undefined && !isSupportedPasswordHash(body.password_hash)) throw new StatusError(400, INVALID_PASSWORD_HASH);
      const passwordHash = typeof body.password === 'string' ? await hashPassword(body.password) : (body.password_hash ?? null);
      const user = await createUser(services.db, auth.project.id, services.clock.now(), {
        primaryEmail: body.primary_email ?? null,
        primaryEmailVerified: body.primary_email_verified ?? false,
        primaryEmailAuthEnabled: body.primary_email_auth_enabled ?? false,
        passwordHash,
        displayName: body.display_name ?? null,
        profileImageUrl: body.profile_image_url ?? null,
        clientMetadata: body.client_metadata,
        clientReadOnlyMetadata: body.client_read_only_metadata,
        serverMetadata: body.server_metadata,
        otpAuthEnabled: body.otp_auth_enabled ?? false,
        totpSecretBase64: body.totp_secret_base64 ?? null,
        oauthAccounts: (body.oauth_providers ?? []).map((p) => ({ providerId: p.id, accountId: p.account_id, email: p.email })),
        webhookDialect: services.dialect,
      });
      return json(serverUserView(user, smart.dialect), 201);
    }),
  )
  .on(
    ...tableRoute('usersGet', { params: userParams }, async (c, { auth, params, smart }) =>
      json(serverUserView(await loadUser(c.get('services').db, auth.project.id, params.user_id), smart.dialect)),
    ),
  )
  .on(
    ...tableRoute('usersUpdate', { params: userParams, body: (dialect) => userUpdateSchema(dialect, 'server') }, async (c, { auth, params, body, smart }) => {
      const services = c.get('services');
      const user = await loadUser(services.db, auth.project.id, params.user_id);
      return json(serverUserView(await applyUserUpdate(services, user, body, false, smart.dialect), smart.dialect));
    }),
  )
  .on(
    ...tableRoute('usersDelete', { params: userParams }, async (c, { auth, params }) => {
      if (!(await deleteUser(c.get('services').db, auth.project.id, params.user_id))) throw new KnownError('USER_NOT_FOUND');
      return success();
    }),
  );

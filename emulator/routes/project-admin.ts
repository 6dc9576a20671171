// PATCH/DELETE /projects/current and GET/POST /internal/projects.
import { Hono } from 'hono';
import { createProject, deleteProject, listOwnedProjects, projectAdminView, updateProject, type ProjectUpdate } from '../domain/project-admin.ts';
import { getUser } from '../domain/users.ts';
import type { AppEnv, Auth } from '../http/env.ts';
import { endpoint } from '../http/endpoint.ts';
import { tableRoute } from '../http/table-route.ts';
import { KnownError } from '../core/known-errors.ts';
import { json, success } from '../http/respond.ts';
import { boolean, number, object, string, type Schema } from '../http/schema.ts';
import { arrayOf, optional } from '../http/schema-extra.ts';

const idRefs = () => optional(arrayOf(object({ id: string() })));

/** yup's `nonEmpty()` on a string field. */
function nonEmpty<T extends string | undefined>(schema: Schema<T>): Schema<T> {
  return {
    parse(value, path, errors) {
      const parsed = schema.parse(value, path, errors);
      if (parsed === '') errors.push(`${path} must not be empty`);
      return parsed;
    },
  };
}

/** A trusted domain: a URL whose scheme is http(s); the backend's `matches()` message carries no path. */
const trustedDomain: Schema<string> = {
  parse(value, path, errors) {
    const parsed = string({ url: true }).parse(value, path, errors);
    if (typeof parsed === 'string' && !/^https?:\/\//.test(parsed)) errors.push('URL must start with http:// or https://');
    return parsed;
  },
};

/** The SMTP fields, each required (`must be defined`) when the type is `standard`. */
function emailConfigFields(standard: boolean) {
  const field = <T>(schema: { optional(): Schema<T | undefined> } & Schema<T>) => (standard ? schema : schema.optional());
  return {
    type: string({ oneOf: ['shared', 'standard'] }),
    host: nonEmpty(field(string())),
    port: field(number()),
    username: field(string()),
    password: field(string()),
    sender_name: field(string()),
    sender_email: field(string({ email: 'plain' })),
  };
}

const emailConfigSchema: Schema<Record<string, unknown> | undefined> = {
  parse(value, path, errors) {
    const standard = typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'standard';
    return optional(object(emailConfigFields(standard))).parse(value, path, errors);
  },
};

const configSchema = object({
  sign_up_enabled: boolean().optional(),
  credential_enabled: boolean().optional(),
  magic_link_enabled: boolean().optional(),
  passkey_enabled: boolean().optional(),
  client_team_creation_enabled: boolean().optional(),
  client_user_deletion_enabled: boolean().optional(),
  legacy_global_jwt_signing: string({ oneOf: ['false'] }).optional(),
  allow_localhost: boolean().optional(),
  create_team_on_sign_up: boolean().optional(),
  email_config: emailConfigSchema,
  domains: optional(arrayOf(object({ domain: trustedDomain, handler_path: string() }))),
  oauth_providers: optional(
    arrayOf(
      object({
        id: string(),
        enabled: boolean(),
        type: string({ oneOf: ['shared', 'standard'] }),
        client_id: string().optional(),
        client_secret: nonEmpty(string().optional()),
        facebook_config_id: string().optional(),
        microsoft_tenant_id: string().optional(),
      }),
    ),
  ),
  team_creator_default_permissions: idRefs(),
  team_member_default_permissions: idRefs(),
  allow_user_api_keys: boolean().optional(),
  allow_team_api_keys: boolean().optional(),
});

const updateFields = {
  display_name: string().optional(),
  description: string().nullable().optional(),
  is_production_mode: boolean().optional(),
  config: configSchema.optional(),
};

/** The parsed body as the domain's update (legacy_global_jwt_signing only ever false). */
function toUpdate(body: { display_name?: string; description?: string | null; is_production_mode?: boolean; config?: Record<string, unknown> }): ProjectUpdate {
  const { config, ...rest } = body;
  if (!config) return rest;
  const { legacy_global_jwt_signing: legacy, ...others } = config;
  return { ...rest, config: { ...others, ...(legacy === undefined ? {} : { legacy_global_jwt_signing: false }) } as ProjectUpdate['config'] };
}

async function internalOwner(c: Parameters<Parameters<typeof endpoint>[1]>[0], auth: Auth) {
  if (auth.project.id !== 'internal') throw new KnownError('EXPECTED_INTERNAL_PROJECT');
  if (!auth.user) throw new KnownError('USER_AUTHENTICATION_REQUIRED');
  const fresh = await getUser(c.get('services').db, 'internal', auth.user.row.id);
  if (!fresh) throw new KnownError('USER_AUTHENTICATION_REQUIRED');
  return fresh;
}

export const projectAdminRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute('projectsCurrentUpdate', { body: object(updateFields) }, async (c, { auth, body }) => {
      const db = c.get('services').db;
      const updated = await updateProject(db, auth.project, toUpdate(body));
      return json(await projectAdminView(db, updated));
    }),
  )
  .on(
    ...tableRoute('projectsCurrentDelete', {}, async (c, { auth }) => {
      await deleteProject(c.get('services').db, auth.project.id);
      return success();
    }),
  )
  .on(
    ...tableRoute('internalProjectsList', {}, async (c, { auth }) => {
      const owner = await internalOwner(c, auth);
      return json({ items: await listOwnedProjects(c.get('services').db, owner.row.server_metadata), is_paginated: false });
    }),
  )
  .on(
    // owner_team_id (the current backend's team-owned projects) is accepted; the emulator's projects belong to their creator.
    ...tableRoute('internalProjectsCreate', { body: object({ ...updateFields, display_name: string(), owner_team_id: string().nullable().optional() }) }, async (c, { auth, body }) => {
      const { db, clock } = c.get('services');
      const owner = await internalOwner(c, auth);
      const { owner_team_id: _ownerTeam, ...fields } = body;
      const update = toUpdate(fields);
      const project = await createProject(db, owner.row.id, { ...update, display_name: body.display_name }, clock.now());
      return json(await projectAdminView(db, project), 201);
    }),
  );

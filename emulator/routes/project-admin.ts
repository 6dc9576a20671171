// PATCH/DELETE /projects/current and GET/POST /internal/projects (protocol.md §7.9).
import { Hono } from 'hono';
import { createProject, deleteProject, listOwnedProjects, projectAdminView, updateProject, type ProjectUpdate } from '../domain/project-admin.ts';
import { getUser } from '../domain/users.ts';
import type { AppEnv, Auth } from '../http/env.ts';
import { endpoint } from '../http/endpoint.ts';
import { KnownError } from '../http/known-errors.ts';
import { json, success } from '../http/respond.ts';
import { boolean, number, object, string } from '../http/schema.ts';
import { arrayOf, optional } from '../http/schema-extra.ts';

const idRefs = () => optional(arrayOf(object({ id: string() })));

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
  email_config: object({
    type: string({ oneOf: ['shared', 'standard'] }),
    host: string().optional(),
    port: number().optional(),
    username: string().optional(),
    password: string().optional(),
    sender_name: string().optional(),
    sender_email: string({ email: 'plain' }).optional(),
  }).optional(),
  domains: optional(arrayOf(object({ domain: string({ url: true }), handler_path: string() }))),
  oauth_providers: optional(
    arrayOf(
      object({
        id: string(),
        enabled: boolean(),
        type: string({ oneOf: ['shared', 'standard'] }),
        client_id: string().optional(),
        client_secret: string().optional(),
        facebook_config_id: string().optional(),
        microsoft_tenant_id: string().optional(),
      }),
    ),
  ),
  team_creator_default_permissions: idRefs(),
  team_member_default_permissions: idRefs(),
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
  .patch(
    '/projects/current',
    endpoint({ access: ['admin'], body: object(updateFields) }, async (c, { auth, body }) => {
      const db = c.get('services').db;
      const updated = await updateProject(db, auth.project, toUpdate(body));
      return json(await projectAdminView(db, updated));
    }),
  )
  .delete(
    '/projects/current',
    endpoint({ access: ['admin'] }, async (c, { auth }) => {
      await deleteProject(c.get('services').db, auth.project.id);
      return success();
    }),
  )
  .get(
    '/internal/projects',
    endpoint({ access: 'any' }, async (c, { auth }) => {
      const owner = await internalOwner(c, auth);
      return json({ items: await listOwnedProjects(c.get('services').db, owner.row.server_metadata), is_paginated: false });
    }),
  )
  .post(
    '/internal/projects',
    endpoint({ access: 'any', body: object({ ...updateFields, display_name: string() }) }, async (c, { auth, body }) => {
      const { db, clock } = c.get('services');
      const owner = await internalOwner(c, auth);
      const update = toUpdate(body);
      const project = await createProject(db, owner.row.id, { ...update, display_name: body.display_name }, clock.now());
      return json(await projectAdminView(db, project), 201);
    }),
  );

// Team permission definitions, admin only: the five system permissions plus custom ones.
import { Hono } from 'hono';
import {
  createPermissionDefinition,
  deletePermissionDefinition,
  listPermissionDefinitions,
  permissionDefinitionView,
  updatePermissionDefinition,
} from '../domain/permissions.ts';
import type { AppEnv } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { customPermissionId, teamPermissionId } from '../http/permission-ids.ts';
import { arrayOf, optional } from '../http/schema-extra.ts';
import { KnownError, type Dialect } from '../core/known-errors.ts';
import { internalServerErrorText, json, success } from '../http/respond.ts';
import { object, string } from '../http/schema.ts';
import { StatusError } from '../core/status-error.ts';


/**
 * PERMISSION_ID_ALREADY_EXISTS is a 2.8 code. The 2.7 backend had no duplicate check:
 * its database's unique constraint failed, which it answered as an unexpected error, a 500.
 */
async function inDialect<T>(dialect: Dialect, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (dialect === 'stack' && error instanceof KnownError && error.code === 'PERMISSION_ID_ALREADY_EXISTS') {
      const id = JSON.stringify(String(error.details['permission_id']));
      throw new StatusError(500, internalServerErrorText(`Error: Unique constraint failed: a permission with ID ${id} already exists`));
    }
    throw error;
  }
}

const definitionParams = object({ permission_id: customPermissionId() });

export const permissionDefinitionRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute('teamPermissionDefinitionsList', {}, async (c, { auth }) => {
      const defs = await listPermissionDefinitions(c.get('services').db, auth.project.id);
      return json({ items: defs.map(permissionDefinitionView), is_paginated: false });
    }),
  )
  .on(
    ...tableRoute('teamPermissionDefinitionsCreate',
      {
        
        body: object({
          id: customPermissionId(),
          description: string().optional(),
          contained_permission_ids: optional(arrayOf(teamPermissionId())),
        }),
      },
      async (c, { auth, body, smart }) => {
        const { db, clock } = c.get('services');
        const def = await inDialect(smart.dialect, () =>
          createPermissionDefinition(
            db,
            auth.project.id,
            { id: body.id, description: body.description ?? '', containedPermissionIds: body.contained_permission_ids ?? [] },
            clock.now(),
          ),
        );
        return json(permissionDefinitionView(def), 201);
      },
    ),
  )
  .on(
    ...tableRoute('teamPermissionDefinitionsUpdate',
      {
        
        params: definitionParams,
        body: object({
          id: optional(customPermissionId()),
          description: string().optional(),
          contained_permission_ids: optional(arrayOf(teamPermissionId())),
        }),
      },
      async (c, { auth, params, body, smart }) => {
        const def = await inDialect(smart.dialect, () =>
          updatePermissionDefinition(c.get('services').db, auth.project.id, params.permission_id, {
            ...(body.id === undefined ? {} : { id: body.id }),
            ...(body.description === undefined ? {} : { description: body.description }),
            ...(body.contained_permission_ids === undefined ? {} : { containedPermissionIds: body.contained_permission_ids }),
          }),
        );
        return json(permissionDefinitionView(def));
      },
    ),
  )
  .on(
    ...tableRoute('teamPermissionDefinitionsDelete', { params: definitionParams }, async (c, { auth, params }) => {
      await deletePermissionDefinition(c.get('services').db, auth.project.id, params.permission_id);
      return success();
    }),
  );

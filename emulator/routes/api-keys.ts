// routes/ (above http/): one route group per resource; handlers validate, call domain/ and answer. No queries here.
// /internal/api-keys: admin list (newest first), create (200), read, update/revoke.
import { Hono } from 'hono';
import { createApiKey, getApiKey, listApiKeys, updateApiKey } from '../domain/api-keys.ts';
import type { AppEnv } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { json } from '../http/respond.ts';
import { boolean, number, object, string } from '../http/schema.ts';

const keyParams = object({ api_key_id: string({ uuid: true }) });

export const apiKeyRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute('apiKeysList', {}, async (c, { auth }) => json({ items: await listApiKeys(c.get('services').db, auth.project.id), is_paginated: false })),
  )
  .on(
    ...tableRoute('apiKeysCreate',
      {
        
        body: object({
          description: string(),
          expires_at_millis: number(),
          has_publishable_client_key: boolean(),
          has_secret_server_key: boolean(),
          has_super_secret_admin_key: boolean(),
        }),
      },
      async (c, { auth, body }) => {
        const { db, clock } = c.get('services');
        const created = await createApiKey(db, auth.project.id, {
          description: body.description,
          expiresAtMillis: body.expires_at_millis,
          publishable: body.has_publishable_client_key,
          secret: body.has_secret_server_key,
          admin: body.has_super_secret_admin_key,
          nowMillis: clock.now(),
        });
        return json(created);
      },
    ),
  )
  .on(
    ...tableRoute('apiKeysGet', { params: keyParams }, async (c, { auth, params }) => json(await getApiKey(c.get('services').db, auth.project.id, params.api_key_id))),
  )
  .on(
    ...tableRoute('apiKeysUpdate',
      { params: keyParams, body: object({ description: string().optional(), revoked: string({ oneOf: ['true'] }).optional() }) },
      async (c, { auth, params, body }) => {
        const { db, clock } = c.get('services');
        const patch = { ...(body.description === undefined ? {} : { description: body.description }), revoked: body.revoked === 'true' };
        return json(await updateApiKey(db, auth.project.id, params.api_key_id, patch, clock.now()));
      },
    ),
  );

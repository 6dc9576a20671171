// domain/ (above core/, db/, auth/, mail/, webhooks/): the backend's behaviour and every query; services.ts is what it runs with.
// Admin API key sets: full keys once at creation, `{last_four}` afterwards.
// A revoked or expired set stops authenticating at once (project-auth reads the same rows).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { KnownError } from '../core/known-errors.ts';
import { generateSecureRandomString } from '../../runtime/protocol/headers.ts';

type ApiKeyRow = Awaited<ReturnType<typeof getRow>>;

function getRow(db: Kysely<Database>, projectId: string, id: string) {
  return db.selectFrom('api_key_sets').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
}

const lastFour = (key: string | null) => (key === null ? undefined : { last_four: key.slice(-4) });

/** Key order of the backend's prismaToCrud; undefined keys vanish in JSON. */
function apiKeyView(row: NonNullable<ApiKeyRow>) {
  return {
    id: row.id,
    description: row.description,
    publishable_client_key: lastFour(row.publishable_client_key),
    secret_server_key: lastFour(row.secret_server_key),
    super_secret_admin_key: lastFour(row.super_secret_admin_key),
    created_at_millis: row.created_at_millis,
    expires_at_millis: row.expires_at_millis,
    manually_revoked_at_millis: row.manually_revoked_at_millis ?? undefined,
  };
}

export async function listApiKeys(db: Kysely<Database>, projectId: string) {
  const rows = await db.selectFrom('api_key_sets').selectAll().where('project_id', '=', projectId).orderBy('created_at_millis', 'desc').orderBy('id').execute();
  return rows.map(apiKeyView);
}

export async function getApiKey(db: Kysely<Database>, projectId: string, id: string) {
  const row = await getRow(db, projectId, id);
  if (!row) throw new KnownError('API_KEY_NOT_FOUND');
  return apiKeyView(row);
}

export async function createApiKey(
  db: Kysely<Database>,
  projectId: string,
  o: { description: string; expiresAtMillis: number; publishable: boolean; secret: boolean; admin: boolean; nowMillis: number },
) {
  const row = {
    id: crypto.randomUUID(),
    project_id: projectId,
    description: o.description,
    publishable_client_key: o.publishable ? `pck_${generateSecureRandomString()}` : null,
    secret_server_key: o.secret ? `ssk_${generateSecureRandomString()}` : null,
    super_secret_admin_key: o.admin ? `sak_${generateSecureRandomString()}` : null,
    expires_at_millis: o.expiresAtMillis,
    manually_revoked_at_millis: null,
    created_at_millis: o.nowMillis,
  };
  await db.insertInto('api_key_sets').values(row).execute();
  return {
    id: row.id,
    description: row.description,
    publishable_client_key: row.publishable_client_key ?? undefined,
    secret_server_key: row.secret_server_key ?? undefined,
    super_secret_admin_key: row.super_secret_admin_key ?? undefined,
    created_at_millis: row.created_at_millis,
    expires_at_millis: row.expires_at_millis,
    manually_revoked_at_millis: undefined,
  };
}

/** `revoked: true` (re)sets the revocation time to now; there is no way back. */
export async function updateApiKey(db: Kysely<Database>, projectId: string, id: string, patch: { description?: string; revoked?: boolean }, nowMillis: number) {
  if (!(await getRow(db, projectId, id))) throw new KnownError('API_KEY_NOT_FOUND');
  const set: { description?: string; manually_revoked_at_millis?: number } = {};
  if (patch.description !== undefined) set.description = patch.description;
  if (patch.revoked) set.manually_revoked_at_millis = nowMillis;
  if (Object.keys(set).length > 0) await db.updateTable('api_key_sets').set(set).where('project_id', '=', projectId).where('id', '=', id).execute();
  return getApiKey(db, projectId, id);
}

// The bearer tokens of the Svix-compatible API: issued per project by POST /webhooks/svix-token, checked by svix-app.ts.
import type { Kysely } from 'kysely';
import { generateSecureRandomString } from '../../runtime/protocol/headers.ts';
import type { Database } from '../db/schema.ts';

export async function issueSvixToken(db: Kysely<Database>, projectId: string, nowMillis: number): Promise<string> {
  const token = `emulator-svix.${projectId}.${generateSecureRandomString()}`;
  await db.insertInto('webhook_tokens').values({ token, project_id: projectId, created_at_millis: nowMillis }).execute();
  return token;
}

/** The project a token was issued for, or null. */
export async function projectOfSvixToken(db: Kysely<Database>, token: string): Promise<string | null> {
  const row = await db.selectFrom('webhook_tokens').select('project_id').where('token', '=', token).executeTakeFirst();
  return row?.project_id ?? null;
}

// The two projects every fresh emulator database starts with (their keys: core/seed-projects.ts), and their configs.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ProjectConfig } from './projects.ts';
import { newProjectConfig } from './project-admin.ts';
import { insertDefaultPermissionDefinitions } from './permissions.ts';
import { DEMO_PROJECT, INTERNAL_PROJECT, type SeedProject } from '../core/seed-projects.ts';

export { DEMO_PROJECT, INTERNAL_PROJECT, type SeedProject } from '../core/seed-projects.ts';

export const SEED_PROJECTS: readonly SeedProject[] = [INTERNAL_PROJECT, DEMO_PROJECT];

const SHARED_PROVIDERS = ['github', 'google', 'microsoft', 'spotify'];

const SEED_CONFIGS: Record<string, ProjectConfig> = {
  [INTERNAL_PROJECT.id]: {
    ...newProjectConfig('6f1b0c2e-8d4a-4b7e-9c3f-0a5d2e7b1c94'),
    magic_link_enabled: true,
    client_team_creation_enabled: true,
    oauth_providers: SHARED_PROVIDERS.map((id) => ({ id, enabled: true, type: 'shared' as const })),
    // The backend seeds its internal project without team permissions: a team creator there holds none.
    team_creator_default_permissions: [],
    team_member_default_permissions: [],
  },
  [DEMO_PROJECT.id]: {
    ...newProjectConfig('0b7e4d1a-3c9f-4e2b-8a6d-5f1c9e3b7a20'),
    magic_link_enabled: true,
    // The demo app shows team creation, account deletion and OAuth sign-in (emulated providers).
    client_team_creation_enabled: true,
    client_user_deletion_enabled: true,
    oauth_providers: ['github', 'google'].map((id) => ({ id, enabled: true, type: 'shared' as const })),
  },
};

/** Fixed creation time of the seeds, so a seeded database is the same whenever it was seeded. */
export const SEED_CREATED_AT_MILLIS = Date.UTC(2025, 1, 20);
const NEVER_EXPIRES = Date.UTC(2099, 0, 1);

/** Inserts the seed projects and keys that are missing; createEmulator runs it on every start (under the setup lock). */
export async function seedDatabase(db: Kysely<Database>): Promise<void> {
  for (const project of SEED_PROJECTS) {
    await db
      .insertInto('projects')
      .values({
        id: project.id,
        display_name: project.displayName,
        description: '',
        created_at_millis: SEED_CREATED_AT_MILLIS,
        config: JSON.stringify(SEED_CONFIGS[project.id]),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await db
      .insertInto('api_key_sets')
      .values({
        id: `seed-${project.id}`,
        project_id: project.id,
        description: 'Development keys (seeded by the emulator)',
        publishable_client_key: project.publishableClientKey,
        secret_server_key: project.secretServerKey,
        super_secret_admin_key: project.superSecretAdminKey,
        expires_at_millis: NEVER_EXPIRES,
        manually_revoked_at_millis: null,
        created_at_millis: SEED_CREATED_AT_MILLIS,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    if (project.id !== INTERNAL_PROJECT.id) await insertDefaultPermissionDefinitions(db, project.id, SEED_CREATED_AT_MILLIS);
  }
}

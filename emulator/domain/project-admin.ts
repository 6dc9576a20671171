// Project administration: create (internal-project users own what they create),
// update the config with the backend's consistency rules, delete.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { KnownError } from '../core/known-errors.ts';
import { insertDefaultPermissionDefinitions, listPermissionDefinitions } from './permissions.ts';
import { adminProjectView, getProject, toProject, type EmailConfig, type OAuthProviderConfig, type Project, type ProjectConfig } from './projects.ts';
import { countUsers } from './users.ts';
import { StatusError } from '../core/status-error.ts';

const SHARED_OAUTH_PROVIDERS = ['google', 'github', 'microsoft', 'spotify'];
const STANDARD_OAUTH_PROVIDERS = ['google', 'github', 'microsoft', 'spotify', 'facebook', 'discord', 'gitlab', 'bitbucket', 'linkedin', 'apple', 'x'];

interface ProjectConfigUpdate {
  sign_up_enabled?: boolean;
  credential_enabled?: boolean;
  magic_link_enabled?: boolean;
  passkey_enabled?: boolean;
  client_team_creation_enabled?: boolean;
  client_user_deletion_enabled?: boolean;
  legacy_global_jwt_signing?: boolean;
  allow_localhost?: boolean;
  create_team_on_sign_up?: boolean;
  email_config?: EmailConfig;
  domains?: { domain: string; handler_path: string }[];
  oauth_providers?: OAuthProviderConfig[];
  team_creator_default_permissions?: { id: string }[];
  team_member_default_permissions?: { id: string }[];
}

export interface ProjectUpdate {
  display_name?: string;
  description?: string | null;
  is_production_mode?: boolean;
  config?: ProjectConfigUpdate;
}

/** The defaults of a new project; the seeds start from them too. */
export function newProjectConfig(id: string = crypto.randomUUID()): ProjectConfig {
  return {
    id,
    is_production_mode: false,
    allow_localhost: true,
    sign_up_enabled: true,
    credential_enabled: true,
    magic_link_enabled: false,
    passkey_enabled: false,
    legacy_global_jwt_signing: false,
    client_team_creation_enabled: false,
    client_user_deletion_enabled: false,
    create_team_on_sign_up: false,
    oauth_providers: [],
    domains: [],
    email_config: { type: 'shared' },
    team_creator_default_permissions: [{ id: 'admin' }],
    team_member_default_permissions: [{ id: 'member' }],
  };
}

function checkProviders(existing: OAuthProviderConfig[], update: OAuthProviderConfig[]): void {
  for (const provider of update) {
    if (provider.type === 'shared' && !SHARED_OAUTH_PROVIDERS.includes(provider.id)) {
      throw new KnownError('INVALID_SHARED_OAUTH_PROVIDER_ID', { provider_id: provider.id });
    }
    if (provider.type === 'standard' && !STANDARD_OAUTH_PROVIDERS.includes(provider.id)) {
      throw new KnownError('INVALID_STANDARD_OAUTH_PROVIDER_ID', { provider_id: provider.id });
    }
  }
  for (const old of existing) {
    if (!update.some((p) => p.id === old.id)) throw new StatusError(400, `Provider with id '${old.id}' not found in the update`);
  }
}

async function checkDefaultPermissions(db: Kysely<Database>, projectId: string, refs: { id: string }[] | undefined): Promise<void> {
  if (!refs) return;
  const known = new Set((await listPermissionDefinitions(db, projectId)).map((d) => d.id));
  for (const { id } of refs) if (!known.has(id)) throw new StatusError(400, `Permission with id '${id}' not found`);
}

export async function updateProject(db: Kysely<Database>, project: Project, update: ProjectUpdate): Promise<Project> {
  const patch = update.config ?? {};
  if (patch.oauth_providers) checkProviders(project.config.oauth_providers, patch.oauth_providers);
  if (patch.domains) {
    const seen = new Set<string>();
    for (const { domain } of patch.domains) {
      if (seen.has(domain)) throw new StatusError(400, 'Duplicated domain found');
      seen.add(domain);
    }
  }
  await checkDefaultPermissions(db, project.id, patch.team_creator_default_permissions);
  await checkDefaultPermissions(db, project.id, patch.team_member_default_permissions);
  const config: ProjectConfig = {
    ...project.config,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    ...(update.is_production_mode === undefined ? {} : { is_production_mode: update.is_production_mode }),
  };
  await db
    .updateTable('projects')
    .set({
      ...(update.display_name === undefined ? {} : { display_name: update.display_name }),
      ...(update.description === undefined ? {} : { description: update.description ?? '' }),
      config: JSON.stringify(config),
    })
    .where('id', '=', project.id)
    .execute();
  const reloaded = await getProject(db, project.id);
  if (!reloaded) throw new KnownError('PROJECT_NOT_FOUND', { project_id: project.id });
  return reloaded;
}

function managedProjectIds(serverMetadata: unknown): string[] {
  const ids = typeof serverMetadata === 'object' && serverMetadata !== null ? (serverMetadata as Record<string, unknown>).managedProjectIds : undefined;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

async function setManagedProjectIds(db: Kysely<Database>, userId: string, update: (ids: string[]) => string[]): Promise<void> {
  const user = await db.selectFrom('users').select('server_metadata').where('project_id', '=', 'internal').where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  const metadata = typeof user.server_metadata === 'object' && user.server_metadata !== null ? (user.server_metadata as Record<string, unknown>) : {};
  const next = { ...metadata, managedProjectIds: update(managedProjectIds(user.server_metadata)) };
  await db.updateTable('users').set({ server_metadata: JSON.stringify(next) }).where('id', '=', userId).execute();
}

/** A new project owned by the internal-project user `ownerId`, with the `admin`/`member` definitions. */
export async function createProject(db: Kysely<Database>, ownerId: string, update: ProjectUpdate & { display_name: string }, nowMillis: number): Promise<Project> {
  const id = crypto.randomUUID();
  await db
    .insertInto('projects')
    .values({ id, display_name: update.display_name, description: update.description ?? '', created_at_millis: nowMillis, config: JSON.stringify(newProjectConfig()) })
    .execute();
  await insertDefaultPermissionDefinitions(db, id, nowMillis);
  await setManagedProjectIds(db, ownerId, (ids) => [...ids, id]);
  const created = await getProject(db, id);
  if (!created) throw new Error(`project ${id} vanished after insert`);
  return updateProject(db, created, update);
}

/** Deletes the project and removes it from every owner's `managedProjectIds`. */
export async function deleteProject(db: Kysely<Database>, projectId: string): Promise<void> {
  const owners = await db.selectFrom('users').select(['id', 'server_metadata']).where('project_id', '=', 'internal').execute();
  for (const owner of owners) {
    if (managedProjectIds(owner.server_metadata).includes(projectId)) await setManagedProjectIds(db, owner.id, (ids) => ids.filter((p) => p !== projectId));
  }
  await db.deleteFrom('projects').where('id', '=', projectId).execute();
}

/** Projects an internal-project user owns, newest first, in the admin view: one query, user counts included. */
export async function listOwnedProjects(db: Kysely<Database>, serverMetadata: unknown) {
  const ids = managedProjectIds(serverMetadata);
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('projects')
    .selectAll('projects')
    .select((eb) => eb.selectFrom('users').select((e) => e.fn.countAll<string>().as('n')).whereRef('users.project_id', '=', 'projects.id').as('user_count'))
    .where('id', 'in', ids)
    .orderBy('created_at_millis', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(({ user_count, ...row }) => adminProjectView(toProject(row), Number(user_count)));
}

export async function projectAdminView(db: Kysely<Database>, project: Project) {
  return adminProjectView(project, await countUsers(db, project.id));
}

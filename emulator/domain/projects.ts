// Projects: stored config, api-key checks and the client/admin wire views.
import type { Kysely } from 'kysely';
import type { Database, ProjectRow } from '../db/schema.ts';
import type { AccessType } from '../../runtime/protocol/headers.ts';

export type OAuthProviderConfig =
  | { id: string; enabled: boolean; type: 'shared' }
  | {
      id: string;
      enabled: boolean;
      type: 'standard';
      client_id: string;
      client_secret: string;
      facebook_config_id?: string;
      microsoft_tenant_id?: string;
    };

export type EmailConfig =
  | { type: 'shared' }
  | { type: 'standard'; host: string; port: number; username: string; password: string; sender_name: string; sender_email: string };

export interface ProjectConfig {
  id: string;
  is_production_mode: boolean;
  allow_localhost: boolean;
  sign_up_enabled: boolean;
  credential_enabled: boolean;
  magic_link_enabled: boolean;
  passkey_enabled: boolean;
  legacy_global_jwt_signing: boolean;
  client_team_creation_enabled: boolean;
  client_user_deletion_enabled: boolean;
  create_team_on_sign_up: boolean;
  oauth_providers: OAuthProviderConfig[];
  domains: { domain: string; handler_path: string }[];
  email_config: EmailConfig;
  team_creator_default_permissions: { id: string }[];
  team_member_default_permissions: { id: string }[];
  /** The current backend's API-key switches; absent (false) in projects stored before they existed. */
  allow_user_api_keys?: boolean;
  allow_team_api_keys?: boolean;
}

export interface Project {
  id: string;
  displayName: string;
  description: string;
  createdAtMillis: number;
  config: ProjectConfig;
}

export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    displayName: row.display_name,
    description: row.description,
    createdAtMillis: row.created_at_millis,
    config: row.config as ProjectConfig,
  };
}

export async function getProject(db: Kysely<Database>, id: string): Promise<Project | null> {
  const row = await db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toProject(row) : null;
}

const KEY_COLUMN = {
  client: 'publishable_client_key',
  server: 'secret_server_key',
  admin: 'super_secret_admin_key',
} as const;

/** A key is valid if an unrevoked, unexpired api-key set of the project holds it. */
export async function isValidProjectKey(
  db: Kysely<Database>,
  projectId: string,
  type: AccessType,
  key: string,
  nowMillis: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('api_key_sets')
    .select('id')
    .where('project_id', '=', projectId)
    .where(KEY_COLUMN[type], '=', key)
    .where('manually_revoked_at_millis', 'is', null)
    .where('expires_at_millis', '>', nowMillis)
    .executeTakeFirst();
  return row !== undefined;
}

function enabledProviders(config: ProjectConfig): { id: string }[] {
  return config.oauth_providers
    .filter((p) => p.enabled)
    .map((p) => ({ id: p.id }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** `GET /projects/current` with a client or server key. */
export function clientProjectView(project: Project) {
  const c = project.config;
  return {
    id: project.id,
    display_name: project.displayName,
    config: {
      sign_up_enabled: c.sign_up_enabled,
      credential_enabled: c.credential_enabled,
      magic_link_enabled: c.magic_link_enabled,
      passkey_enabled: c.passkey_enabled,
      client_team_creation_enabled: c.client_team_creation_enabled,
      client_user_deletion_enabled: c.client_user_deletion_enabled,
      enabled_oauth_providers: enabledProviders(c),
    },
  };
}

/** The current dialect adds the fields the 2.8 client reads. */
export function currentClientProjectView(project: Project) {
  const base = clientProjectView(project);
  return {
    ...base,
    config: {
      ...base.config,
      allow_localhost: project.config.allow_localhost,
      domains: project.config.domains,
      allow_user_api_keys: project.config.allow_user_api_keys ?? false,
      allow_team_api_keys: project.config.allow_team_api_keys ?? false,
    },
  };
}

/** `GET /projects/current` with the admin key. */
export function adminProjectView(project: Project, userCount: number) {
  const c = project.config;
  return {
    id: project.id,
    display_name: project.displayName,
    description: project.description,
    created_at_millis: project.createdAtMillis,
    user_count: userCount,
    is_production_mode: c.is_production_mode,
    config: {
      id: c.id,
      allow_localhost: c.allow_localhost,
      sign_up_enabled: c.sign_up_enabled,
      credential_enabled: c.credential_enabled,
      magic_link_enabled: c.magic_link_enabled,
      passkey_enabled: c.passkey_enabled,
      legacy_global_jwt_signing: c.legacy_global_jwt_signing,
      client_team_creation_enabled: c.client_team_creation_enabled,
      client_user_deletion_enabled: c.client_user_deletion_enabled,
      create_team_on_sign_up: c.create_team_on_sign_up,
      oauth_providers: [...c.oauth_providers].sort((a, b) => a.id.localeCompare(b.id)),
      enabled_oauth_providers: enabledProviders(c),
      domains: c.domains,
      email_config: c.email_config,
      team_creator_default_permissions: c.team_creator_default_permissions,
      team_member_default_permissions: c.team_member_default_permissions,
    },
  };
}

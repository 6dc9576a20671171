// Project-level authentication in the order of the backend's parseAuth.
import { isAccessType } from '../../runtime/protocol/headers.ts';
import { getProject, isValidProjectKey } from '../domain/projects.ts';
import { getUser } from '../domain/users.ts';
import type { Auth } from './env.ts';
import { stackHeader } from './headers.ts';
import { KnownError, type Dialect } from '../core/known-errors.ts';
import { verifyAccessToken } from '../auth/access-tokens.ts';
import { StatusError } from '../core/status-error.ts';
import type { Services } from '../domain/services.ts';
import type { UserRecord } from '../domain/user-record.ts';

async function projectExists(services: Services, id: string): Promise<boolean> {
  return (await getProject(services.db, id)) !== null;
}

function managedProjectIds(user: UserRecord): string[] {
  const metadata = user.row.server_metadata;
  if (typeof metadata !== 'object' || metadata === null) return [];
  const ids = (metadata as Record<string, unknown>).managedProjectIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

async function checkAdminAccessToken(services: Services, token: string, projectId: string): Promise<void> {
  const now = services.clock.now();
  let verified;
  try {
    verified = await verifyAccessToken(services.keys, token, now, (id) => projectExists(services, id));
  } catch (error) {
    if (error instanceof KnownError && error.code === 'ACCESS_TOKEN_EXPIRED') {
      throw new KnownError('ADMIN_ACCESS_TOKEN_EXPIRED', { expired_at_millis: error.details.expired_at_millis ?? null });
    }
    throw new KnownError('UNPARSABLE_ADMIN_ACCESS_TOKEN');
  }
  if (verified.projectId !== 'internal') throw new KnownError('ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');
  const user = await getUser(services.db, 'internal', verified.userId);
  if (!user) throw new StatusError(401, 'The user associated with the admin access token is no longer valid. Please refresh the admin access token and try again.');
  if (!managedProjectIds(user).includes(projectId)) throw new KnownError('ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');
  if (!(await projectExists(services, projectId))) throw new KnownError('INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN');
}

export async function parseAuth(services: Services, headers: Headers, dialect: Dialect = 'current'): Promise<Auth | null> {
  const projectId = stackHeader(headers, 'project-id');
  const accessType = stackHeader(headers, 'access-type');
  const keys = {
    client: stackHeader(headers, 'publishable-client-key'),
    server: stackHeader(headers, 'secret-server-key'),
    admin: stackHeader(headers, 'super-secret-admin-key'),
  };
  const adminAccessToken = stackHeader(headers, 'admin-access-token');
  const accessToken = stackHeader(headers, 'access-token');
  const now = services.clock.now();

  // 1. The access token is checked before anything else, so a stale token fails every endpoint.
  let user: UserRecord | null = null;
  let refreshTokenId: string | null = null;
  if (projectId && accessToken) {
    const verified = await verifyAccessToken(services.keys, accessToken, now, (id) => projectExists(services, id));
    if (verified.projectId !== projectId) {
      throw new KnownError('INVALID_PROJECT_FOR_ACCESS_TOKEN', { expected_project_id: projectId, actual_project_id: verified.projectId });
    }
    // A valid token of a deleted user: the request proceeds without a user.
    user = await getUser(services.db, projectId, verified.userId);
    refreshTokenId = verified.refreshTokenId;
    // The service serves an anonymous user only to callers that say they expect one (the 2.8 client always does).
    if (user?.row.is_anonymous && stackHeader(headers, 'allow-anonymous-user') !== 'true') throw new KnownError('ANONYMOUS_AUTHENTICATION_NOT_ALLOWED');
  }

  if (!accessType && (keys.client || keys.server || keys.admin || adminAccessToken)) {
    throw new KnownError('PROJECT_KEY_WITHOUT_ACCESS_TYPE');
  }
  if (!accessType) return null;
  if (!isAccessType(accessType)) throw new KnownError('INVALID_ACCESS_TYPE', { accessType });
  if (!projectId) throw new KnownError('ACCESS_TYPE_WITHOUT_PROJECT_ID', { request_type: accessType });
  // The current backend looks the project up before any key; the 2.7 one fails on the key (401).
  const early = dialect === 'current' ? await getProject(services.db, projectId) : undefined;
  if (early === null) throw new KnownError('CURRENT_PROJECT_NOT_FOUND', { project_id: projectId });

  if (adminAccessToken) {
    await checkAdminAccessToken(services, adminAccessToken, projectId);
  } else {
    const key = keys[accessType];
    if (!key) {
      throw new KnownError(
        accessType === 'client' ? 'CLIENT_AUTHENTICATION_REQUIRED' : accessType === 'server' ? 'SERVER_AUTHENTICATION_REQUIRED' : 'ADMIN_AUTHENTICATION_REQUIRED',
      );
    }
    if (!(await isValidProjectKey(services.db, projectId, accessType, key, now))) {
      throw new KnownError(
        accessType === 'client' ? 'INVALID_PUBLISHABLE_CLIENT_KEY' : accessType === 'server' ? 'INVALID_SECRET_SERVER_KEY' : 'INVALID_SUPER_SECRET_ADMIN_KEY',
        { project_id: projectId },
      );
    }
  }

  const project = early ?? (await getProject(services.db, projectId));
  if (!project) throw new KnownError('PROJECT_NOT_FOUND', { project_id: projectId });
  return { type: accessType, project, user, refreshTokenId };
}

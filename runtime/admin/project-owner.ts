// A user of the `internal` project who owns projects: lists and creates
// their projects, each with an admin app that runs on the owner's session (x-stack-admin-access-token).

import { decodeKnownError } from '../protocol/errors/classes.ts';
import { createPipeline, type SessionLike } from '../http/pipeline.ts';
import { ENDPOINTS } from '../protocol/endpoints.ts';
import { toAdminProject, toProjectUpdateWire, type AdminProjectData } from '../protocol/schemas/project.ts';
import { TokenSession } from '../session/token-session.ts';
import { callEndpoint, type AppContext, type EndpointCaller, type ForwardedTokens } from '../server/context.ts';
import { withAppContext } from '../server/server-app.ts';
import { refreshWithin } from '../server/bounded-refresh.ts';
import { requestTimeout } from '../server/server-context.ts';
import { resolveBaseUrl, type BaseUrlOption } from '../server/options.ts';
import { requireSetting } from '../protocol/setup-error.ts';
import { StackAdminApp } from './admin-app.ts';
import { createAdminContext } from './admin-context.ts';
import type { StackAdminAppOptions } from './options.ts';
import { adminProject, type AdminProject, type AdminProjectUpdateOptions } from './admin-project.ts';

export const INTERNAL_PROJECT_ID = 'internal';

export interface ProjectOwnerOptions {
  baseUrl?: BaseUrlOption;
  /** The internal project's publishable client key (it refreshes the owner's access token). */
  publishableClientKey: string;
  /** The owner's tokens on the internal project, or a session managed elsewhere. */
  session: ForwardedTokens | SessionLike;
  fetch?: typeof fetch;
  /** As the server app's: milliseconds one request may take, retries included. Default 10 000. */
  requestTimeoutMs?: number;
}

export interface AdminProjectCreateOptions extends AdminProjectUpdateOptions {
  displayName: string;
}

/** An owned project: the admin view plus an admin app for it on the owner's session. */
export interface AdminOwnedProject extends AdminProject {
  readonly app: StackAdminApp;
}

// Both methods: a server-created session ({accessToken, refreshToken, getTokens}) is plain tokens here.
function isSessionLike(session: ForwardedTokens | SessionLike): session is SessionLike {
  const candidate = session as Partial<SessionLike>;
  return typeof candidate.getTokens === 'function' && typeof candidate.markAccessTokenExpired === 'function';
}

export class ProjectOwner {
  /** The owner's session on the internal project; every owned project's admin app shares it. */
  readonly session: SessionLike;
  readonly #apiUrl: string;
  readonly #fetch: typeof fetch | undefined;
  readonly #requestTimeoutMs: number;
  readonly #caller: EndpointCaller;

  constructor(options: ProjectOwnerOptions) {
    const publishableClientKey = requireSetting(options.publishableClientKey, 'publishableClientKey', 'NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY', 'ProjectOwner');
    this.#apiUrl = resolveBaseUrl(options.baseUrl);
    this.#fetch = options.fetch;
    const timeoutMs = (this.#requestTimeoutMs = requestTimeout(options.requestTimeoutMs));
    const fetchOption = options.fetch === undefined ? {} : { fetch: options.fetch };
    this.session = isSessionLike(options.session)
      ? options.session
      : new TokenSession({
          accessToken: options.session.accessToken,
          refreshToken: options.session.refreshToken,
          refreshAccessToken: (refreshToken) =>
            refreshWithin({ apiUrl: this.#apiUrl, projectId: INTERNAL_PROJECT_ID, publishableClientKey, decodeError: decodeKnownError, ...fetchOption }, refreshToken, timeoutMs),
        });
    // The SDK lists and creates owned projects as the signed-in client of the internal project.
    const pipeline = createPipeline({
      apiUrl: this.#apiUrl,
      projectId: INTERNAL_PROJECT_ID,
      accessType: 'client',
      publishableClientKey,
      decodeError: decodeKnownError,
      cacheNoStore: true,
      timeoutMs,
      ...fetchOption,
    });
    this.#caller = { accessType: 'client', transport: pipeline };
  }

  /** Newest first. */
  async listOwnedProjects(): Promise<AdminOwnedProject[]> {
    const wire = await callEndpoint(this.#caller, ENDPOINTS.internalProjectsList, { session: this.session });
    return wire.items.map((item) => this.#owned(toAdminProject(item)));
  }

  /** The owner becomes its first admin; new projects allow localhost and password sign-in by default. */
  async createProject(options: AdminProjectCreateOptions): Promise<AdminOwnedProject> {
    const body = { ...toProjectUpdateWire(options), display_name: options.displayName };
    return this.#owned(toAdminProject(await callEndpoint(this.#caller, ENDPOINTS.internalProjectsCreate, { body, session: this.session })));
  }

  /** An admin app for one owned project, on this owner's session. */
  adminApp(projectId: string): StackAdminApp {
    return this.#adminAppWithContext(projectId).app;
  }

  #adminAppWithContext(projectId: string): { app: StackAdminApp; context: AppContext } {
    const options: StackAdminAppOptions = {
      projectId,
      baseUrl: this.#apiUrl,
      projectOwnerSession: this.session,
      requestTimeoutMs: this.#requestTimeoutMs,
      ...(this.#fetch === undefined ? {} : { fetch: this.#fetch }),
    };
    const context = createAdminContext(options);
    return { app: new StackAdminApp(withAppContext(options, context)), context };
  }

  #owned(data: AdminProjectData): AdminOwnedProject {
    const { app, context } = this.#adminAppWithContext(data.id);
    // Update/delete go through the project's own admin context (admin access type, owner token).
    return { ...adminProject(context, data), app };
  }
}

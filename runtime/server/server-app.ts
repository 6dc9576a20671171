// StackServerApp: the official SDK's server app (secret server key), delegating to one module per entity.

import type { VerifiedAccessToken } from './access-token-verifier.ts';
import { ENDPOINTS } from '../protocol/endpoints.ts';
import { toClientProject, type ClientProjectData } from '../protocol/schemas/project.ts';
import { APP_CONTEXT, callEndpoint, type AppContext } from './context.ts';
import type { StackServerAppOptions } from './options.ts';
import { forwardedTokensOf, getUserWithTokens, type TokenStoreInput } from './request-user.ts';
import type { RequestLike } from '../protocol/forwarded-session.ts';
import { createServerContext } from './server-context.ts';
import { serverTeam, type ServerTeam } from './server-team.ts';
import { serverUser, type ServerUser } from './server-user.ts';
import { createSession, type CreateSessionOptions, type ServerSession } from './sessions.ts';
import { createTeam, getTeam, listTeams, type ListTeamsOptions, type ServerTeamCreateOptions } from './teams.ts';
import {
  createUser,
  deleteUser,
  getUser,
  listUsers,
  updateUser,
  type ListUsersOptions,
  type ServerUserCreateOptions,
  type ServerUserUpdateOptions,
} from './users.ts';

export interface GetUserOptions {
  /** The incoming request (its x-stack-auth header or cookies), or the tokens themselves. */
  tokenStore: TokenStoreInput;
  /** 'throw' rejects instead of resolving null when there is no signed-in user. */
  or?: 'return-null' | 'throw';
}

/** A page of users: an array with the cursor of the next page (null on the last page). */
export type ServerUserList = ServerUser[] & { nextCursor: string | null };

type InternalOptions = StackServerAppOptions & { [APP_CONTEXT]?: AppContext };

/** Options that make the server app adopt a ready context (used by StackAdminApp); not public API. */
export function withAppContext<O extends StackServerAppOptions>(options: O, context: AppContext): O {
  return { ...options, [APP_CONTEXT]: context };
}

/** The context `withAppContext` put in the options, if any. */
export function appContextIn(options: StackServerAppOptions): AppContext | undefined {
  return (options as InternalOptions)[APP_CONTEXT];
}

/**
 * The server app (secret server key), named and shaped like the official SDK's: users, teams and sessions for a
 * backend on Node or an edge runtime, and the signed-in user of a request a page forwarded.
 *
 * @example
 * ```ts
 * import { StackServerApp } from 'authworker/server';
 * const stackServerApp = new StackServerApp({
 *   projectId: 'dfa45225-c0f9-490d-98d7-d2c978934c58',
 *   secretServerKey: 'ssk_daxst1wd7qxxxk0nd65rnqzjg3410nhv7xynfpwc8ffan',
 *   baseUrl: 'http://localhost:8102',
 * });
 * const user = await stackServerApp.getUserFromRequest(request);
 * ```
 */
export class StackServerApp {
  readonly projectId: string;
  protected readonly context: AppContext;

  constructor(options: StackServerAppOptions) {
    this.context = appContextIn(options) ?? createServerContext(options);
    this.projectId = this.context.projectId;
  }

  /**
   * The client view of the project (the server access type does not see the admin view).
   *
   * @example
   * ```ts
   * const project = await stackServerApp.getProject();
   * console.log(project.displayName);
   * ```
   */
  async getProject(): Promise<ClientProjectData> {
    return toClientProject(await callEndpoint(this.context, ENDPOINTS.projectsCurrent, {}));
  }

  /**
   * A page of the project's users (an array with `nextCursor`, null on the last page).
   *
   * @example
   * ```ts
   * const page = await stackServerApp.listUsers({ limit: 50, orderBy: 'signedUpAt', desc: true });
   * const next = page.nextCursor === null ? [] : await stackServerApp.listUsers({ limit: 50, cursor: page.nextCursor });
   * ```
   */
  async listUsers(options: ListUsersOptions = {}): Promise<ServerUserList> {
    const page = await listUsers(this.context, options);
    return Object.assign(
      page.items.map((u) => serverUser(this.context, u)),
      { nextCursor: page.nextCursor },
    );
  }

  /**
   * Creates a user; the e-mail may be marked verified and usable for sign-in at once.
   *
   * @example
   * ```ts
   * const user = await stackServerApp.createUser({ primaryEmail: 'ada@example.com', primaryEmailAuthEnabled: true, password: 'correct horse battery' });
   * ```
   */
  async createUser(options: ServerUserCreateOptions): Promise<ServerUser> {
    return serverUser(this.context, await createUser(this.context, options));
  }

  /**
   * By id (null for an unknown id, as the SDK), or the signed-in user of a request (null when none).
   *
   * @example
   * ```ts
   * const user = await stackServerApp.getUser('6f0c1f6e-9a51-4bde-8f57-2a4f0d0a7c11');
   * const signedIn = await stackServerApp.getUser({ tokenStore: request });
   * ```
   */
  getUser(userId: string): Promise<ServerUser | null>;
  getUser(options: GetUserOptions): Promise<ServerUser | null>;
  async getUser(arg: string | GetUserOptions): Promise<ServerUser | null> {
    if (typeof arg === 'string') {
      const data = await getUser(this.context, arg);
      return data === null ? null : serverUser(this.context, data);
    }
    // A JavaScript caller may use the SDK's argument-less form, which reads an app-wide token store.
    if (typeof arg !== 'object' || arg === null || arg.tokenStore === undefined) {
      throw new TypeError('authworker: a server app keeps no session; call getUser(userId) or getUser({ tokenStore: request }).');
    }
    const data = await getUserWithTokens(this.context, forwardedTokensOf(this.context, arg.tokenStore));
    if (data === null && arg.or === 'throw') throw new Error('User is not signed in but getUser was called with { or: "throw" }');
    return data === null ? null : serverUser(this.context, data);
  }

  /**
   * Verifies an access token locally (project JWKS, cached): its user and expiry, or null.
   *
   * @example
   * ```ts
   * const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
   * const verified = await stackServerApp.verifyAccessToken(token);
   * if (verified) console.log(verified.userId);
   * ```
   */
  verifyAccessToken(accessToken: string): Promise<VerifiedAccessToken | null> {
    return this.context.verifyAccessToken(accessToken);
  }

  /**
   * The user whose session the request forwards (x-stack-auth header, bearer form or SDK cookies); null when none.
   *
   * @example
   * ```ts
   * const user = await stackServerApp.getUserFromRequest(request);
   * console.log(user?.primaryEmail ?? 'signed out');
   * ```
   */
  getUserFromRequest(request: RequestLike): Promise<ServerUser | null> {
    return this.getUser({ tokenStore: request });
  }

  /**
   * Updates any user; resolves to the updated user. An unknown id rejects with `KnownErrors.UserNotFound`.
   *
   * @example
   * ```ts
   * await stackServerApp.updateUser('6f0c1f6e-9a51-4bde-8f57-2a4f0d0a7c11', { displayName: 'Ada', serverMetadata: { plan: 'pro' } });
   * ```
   */
  async updateUser(userId: string, options: ServerUserUpdateOptions): Promise<ServerUser> {
    return serverUser(this.context, await updateUser(this.context, userId, options));
  }

  /**
   * Deletes any user and ends their sessions.
   *
   * @example
   * ```ts
   * await stackServerApp.deleteUser('6f0c1f6e-9a51-4bde-8f57-2a4f0d0a7c11');
   * ```
   */
  deleteUser(userId: string): Promise<void> {
    return deleteUser(this.context, userId);
  }

  /**
   * Tokens for any user; default lifetime one year.
   *
   * @example
   * ```ts
   * const { accessToken, refreshToken } = await stackServerApp.createSession({ userId: '6f0c1f6e-9a51-4bde-8f57-2a4f0d0a7c11', expiresInMillis: 3_600_000 });
   * ```
   */
  createSession(options: CreateSessionOptions): Promise<ServerSession> {
    return createSession(this.context, options);
  }

  /**
   * Every team of the project, or those of one user.
   *
   * @example
   * ```ts
   * const teams = await stackServerApp.listTeams({ userId: '6f0c1f6e-9a51-4bde-8f57-2a4f0d0a7c11' });
   * ```
   */
  async listTeams(options: ListTeamsOptions = {}): Promise<ServerTeam[]> {
    return (await listTeams(this.context, options)).map((t) => serverTeam(this.context, t));
  }

  /**
   * Creates a team; `creatorUserId` becomes its first member, with the creator's default permissions.
   *
   * @example
   * ```ts
   * const team = await stackServerApp.createTeam({ displayName: 'Acme', creatorUserId: '6f0c1f6e-9a51-4bde-8f57-2a4f0d0a7c11' });
   * ```
   */
  async createTeam(options: ServerTeamCreateOptions): Promise<ServerTeam> {
    return serverTeam(this.context, await createTeam(this.context, options));
  }

  /**
   * A team by id; null for an unknown id.
   *
   * @example
   * ```ts
   * const team = await stackServerApp.getTeam('0b7c6a52-3f7e-4c55-9d56-2d1c1f4a9e10');
   * if (team) console.log(team.displayName);
   * ```
   */
  async getTeam(teamId: string): Promise<ServerTeam | null> {
    const data = await getTeam(this.context, teamId);
    return data === null ? null : serverTeam(this.context, data);
  }
}

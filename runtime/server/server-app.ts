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

export class StackServerApp {
  readonly projectId: string;
  protected readonly context: AppContext;

  constructor(options: StackServerAppOptions) {
    this.context = appContextIn(options) ?? createServerContext(options);
    this.projectId = this.context.projectId;
  }

  /** The client view of the project (the server access type does not see the admin view). */
  async getProject(): Promise<ClientProjectData> {
    return toClientProject(await callEndpoint(this.context, ENDPOINTS.projectsCurrent, {}));
  }

  async listUsers(options: ListUsersOptions = {}): Promise<ServerUserList> {
    const page = await listUsers(this.context, options);
    return Object.assign(
      page.items.map((u) => serverUser(this.context, u)),
      { nextCursor: page.nextCursor },
    );
  }

  async createUser(options: ServerUserCreateOptions): Promise<ServerUser> {
    return serverUser(this.context, await createUser(this.context, options));
  }

  /** By id (null for an unknown id, as the SDK), or the signed-in user of a request (null when none). */
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

  /** Verifies an access token locally (project JWKS, cached): its user and expiry, or null. */
  verifyAccessToken(accessToken: string): Promise<VerifiedAccessToken | null> {
    return this.context.verifyAccessToken(accessToken);
  }

  /** The user whose session the request forwards (x-stack-auth header, bearer form or SDK cookies); null when none. */
  getUserFromRequest(request: RequestLike): Promise<ServerUser | null> {
    return this.getUser({ tokenStore: request });
  }

  async updateUser(userId: string, options: ServerUserUpdateOptions): Promise<ServerUser> {
    return serverUser(this.context, await updateUser(this.context, userId, options));
  }

  deleteUser(userId: string): Promise<void> {
    return deleteUser(this.context, userId);
  }

  /** Tokens for any user; default lifetime one year. */
  createSession(options: CreateSessionOptions): Promise<ServerSession> {
    return createSession(this.context, options);
  }

  /** Every team of the project, or those of one user. */
  async listTeams(options: ListTeamsOptions = {}): Promise<ServerTeam[]> {
    return (await listTeams(this.context, options)).map((t) => serverTeam(this.context, t));
  }

  async createTeam(options: ServerTeamCreateOptions): Promise<ServerTeam> {
    return serverTeam(this.context, await createTeam(this.context, options));
  }

  async getTeam(teamId: string): Promise<ServerTeam | null> {
    const data = await getTeam(this.context, teamId);
    return data === null ? null : serverTeam(this.context, data);
  }
}

// The admin page's project owner: a user of the emulator's `internal` project, signed in in this page
// only (memory), whose session runs a StackAdminApp for the demo project.
import { INTERNAL_PROJECT_ID, ProjectOwner, StackAdminApp, type ProjectOwnerOptions } from '../runtime/admin/index.ts';
import { StackClientApp } from '../runtime/client/index.ts';
import { StackServerApp } from '../runtime/server/index.ts';

/**
 * The emulator's seeded `internal` project (emulator/domain/seed.ts, emulator/README.md): fixed keys for local
 * development only. The secret server key is here because only a server may make a user an owner.
 */
export const EMULATOR_INTERNAL_PROJECT = {
  publishableClientKey: 'this-publishable-client-key-is-for-local-development-only',
  secretServerKey: 'this-secret-server-key-is-for-local-development-only',
} as const;

/**
 * The API under a second name of the same machine (`localhost` -> `admin.localhost`), or null when the
 * API is not local. The demo's service worker owns every request of its pages to the configured API
 * origin (it swaps in the demo user's identity and refuses token endpoints), so the admin layer must
 * use another origin. Chromium and Firefox resolve `*.localhost` to the loopback address.
 */
export function adminApiUrl(apiUrl: string): string | null {
  const url = new URL(apiUrl);
  if (url.hostname === 'localhost') url.hostname = 'admin.localhost';
  else if (url.hostname === '127.0.0.1') url.hostname = 'localhost';
  else return null;
  return url.href.replace(/\/+$/, '');
}

export interface OwnerTarget {
  /** The API for the admin layer (see `adminApiUrl`). */
  apiUrl: string;
  /** The project to administer (the demo project). */
  projectId: string;
}

export interface SignedInOwner {
  readonly email: string;
  /** The demo project's admin app, on the owner's session. */
  readonly admin: StackAdminApp;
}

export class NotAnOwnerError extends Error {
  override name = 'NotAnOwnerError';
}

/**
 * The owner's session in this tab: a page-hosted client app of the internal project (tokens in memory,
 * nothing stored), created once like any app. ProjectOwner and the admin app run on its access token.
 */
export class OwnerSession {
  readonly #target: OwnerTarget;
  readonly #internalApp: StackClientApp;

  constructor(target: OwnerTarget) {
    this.#target = target;
    this.#internalApp = new StackClientApp({
      projectId: INTERNAL_PROJECT_ID,
      publishableClientKey: EMULATOR_INTERNAL_PROJECT.publishableClientKey,
      baseUrl: target.apiUrl,
      tokenStore: 'memory',
      redirectMethod: 'none',
      noAutomaticPrefetch: true,
    });
  }

  /** The owner signed in earlier in this tab (before leaving the admin page), or null. */
  async restore(): Promise<SignedInOwner | null> {
    const user = await this.#internalApp.getUser();
    return user === null ? null : this.#ownerOfTarget(user.primaryEmail ?? user.id);
  }

  /** Signs in on the internal project; fails (signed out again) unless the user owns the project. */
  async signIn(email: string, password: string): Promise<SignedInOwner> {
    const result = await this.#internalApp.signInWithCredential({ email, password, noRedirect: true });
    if (result.status === 'error') throw result.error;
    return this.#ownerOfTarget(email);
  }

  signOut(): Promise<void> {
    return this.#internalApp.signOut();
  }

  /**
   * Creates a user of the internal project who owns the project (what the dashboard records for the
   * creator of a project: `managedProjectIds` in the server metadata). Emulator only: it takes the
   * internal project's secret server key.
   */
  async createOwner(email: string, password: string): Promise<void> {
    const internalServer = new StackServerApp({
      projectId: INTERNAL_PROJECT_ID,
      secretServerKey: EMULATOR_INTERNAL_PROJECT.secretServerKey,
      baseUrl: this.#target.apiUrl,
    });
    await internalServer.createUser({
      primaryEmail: email,
      primaryEmailAuthEnabled: true,
      password,
      serverMetadata: { managedProjectIds: [this.#target.projectId] },
    });
  }

  async #ownerOfTarget(email: string): Promise<SignedInOwner> {
    const { apiUrl, projectId } = this.#target;
    try {
      const owner = new ProjectOwner({ baseUrl: apiUrl, publishableClientKey: EMULATOR_INTERNAL_PROJECT.publishableClientKey, session: this.#tokens() });
      const owned = await owner.listOwnedProjects();
      if (!owned.some((project) => project.id === projectId)) {
        throw new NotAnOwnerError(`${email} does not own this project (${projectId}). Sign in with an owner, or create an owner with another e-mail.`);
      }
      return { email, admin: new StackAdminApp({ projectId, baseUrl: apiUrl, projectOwnerSession: owner.session }) };
    } catch (error) {
      await this.signOut().catch(() => undefined);
      throw error;
    }
  }

  /** The session ProjectOwner takes: the client app's access token (it keeps the refresh token and refreshes). */
  #tokens(): ProjectOwnerOptions['session'] {
    const internalApp = this.#internalApp;
    return {
      async getTokens() {
        const accessToken = await internalApp.getAccessToken();
        return accessToken === null ? null : { accessToken, refreshToken: '' };
      },
      markAccessTokenExpired() {
        // Nothing to drop here: the next getTokens asks the client app, which refreshes an expired token.
      },
    };
  }
}

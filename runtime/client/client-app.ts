import type { SessionBackend, SessionSnapshot } from '../bridge/messages.ts';
import { KnownError, KnownErrors } from '../protocol/errors.ts';
import { ApiTransport } from './api-transport.ts';
import { fetchCurrentUser, type CurrentUser } from './current-user.ts';
import { performRedirect, type RedirectMethod } from './redirect-method.ts';
import { err, ok, type Result } from './result.ts';
import { SessionStore } from './session-store.ts';
import { afterAuthRedirectTarget, resolveHandlerUrls, signInRedirectTarget, type HandlerUrls } from '../flows/handler-urls.ts';
import { assertTrustedRedirect, stripOAuthParamsFromRelative } from '../flows/redirect-trust.ts';
import { UserCache } from './user-cache.ts';
import { AutoBackend } from './auto-backend.ts';
import { InPageHost } from './in-page-host.ts';

export interface StackClientAppOptions {
  projectId: string;
  publishableClientKey: string;
  /** API base without `/api/v1`. */
  baseUrl?: string;
  /**
   * `service-worker` (default): the worker holds the tokens; browsers without one fall back to the
   * page-hosted session. `memory`: page-hosted, nothing stored. `cookie` is not implemented yet.
   */
  tokenStore?: 'service-worker' | 'memory';
  serviceWorker?: { url?: string; scope?: string };
  urls?: Partial<HandlerUrls>;
  redirectMethod?: RedirectMethod;
  /** Upper bound for one call to the worker. */
  callTimeoutMs?: number;
}

export const DEFAULT_BASE_URL = 'https://api.stack-auth.com';

export class NotImplementedError extends Error {
  override name = 'NotImplementedError';
}

type UserOr = 'redirect' | 'throw' | 'return-null';

/** The page side of authworker, named and shaped like the official SDK's client app. */
export class StackClientApp {
  readonly projectId: string;
  readonly urls: HandlerUrls;
  readonly session: SessionStore;
  readonly userCache: UserCache;
  readonly #worker: SessionBackend;
  readonly #transport: ApiTransport;
  readonly #redirectMethod: RedirectMethod;

  constructor(options: StackClientAppOptions) {
    if (!options.projectId) throw new Error('authworker: projectId is required (setup error).');
    if (!options.publishableClientKey) throw new Error('authworker: publishableClientKey is required (setup error).');
    const tokenStore: string = options.tokenStore ?? 'service-worker';
    if (tokenStore !== 'service-worker' && tokenStore !== 'memory') {
      throw new NotImplementedError(`authworker: tokenStore '${tokenStore}' is not implemented yet.`);
    }
    const apiUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.projectId = options.projectId;
    this.urls = resolveHandlerUrls(options.urls);
    this.#redirectMethod = options.redirectMethod ?? 'window';
    const pageHost = { apiUrl, projectId: options.projectId, publishableClientKey: options.publishableClientKey };
    this.#worker =
      tokenStore === 'memory'
        ? new InPageHost({ ...pageHost, persistence: 'memory' })
        : new AutoBackend(
            {
              url: options.serviceWorker?.url ?? '/sw.js',
              ...(options.serviceWorker?.scope ? { scope: options.serviceWorker.scope } : {}),
              callTimeoutMs: options.callTimeoutMs ?? 30_000,
            },
            pageHost,
          );
    this.#transport = new ApiTransport(apiUrl, this.#worker);
    this.session = new SessionStore(options.projectId, () => this.#worker.call('getSnapshot'));
    this.userCache = new UserCache(() => this.#fetchUser());
    this.session.subscribe(() => this.userCache.sync(this.session.getSnapshot()));
    void this.#worker.call('hello', 1).then(
      (hello) => this.session.accept(hello.snapshot),
      (error: unknown) => console.warn('[authworker] the service worker could not be reached', error),
    );
  }

  /** Resolves once the worker has told this tab the session state. */
  async getSessionSnapshot(): Promise<SessionSnapshot> {
    const current = this.session.getSnapshot();
    return current.status === 'loading' ? this.session.refresh() : current;
  }

  async signInWithCredential(options: { email: string; password: string; noRedirect?: boolean }): Promise<Result<undefined, KnownError>> {
    try {
      await this.#worker.call('signInWithCredential', { email: options.email, password: options.password });
      this.session.accept(await this.#worker.call('getSnapshot'));
    } catch (error) {
      if (error instanceof KnownErrors.EmailPasswordMismatch || error instanceof KnownErrors.InvalidTotpCode) return err(error);
      throw error;
    }
    if (!options.noRedirect) this.redirectToAfterSignIn({ replace: true });
    return ok(undefined);
  }

  async signUpWithCredential(options: {
    email: string;
    password: string;
    noRedirect?: boolean;
    verificationCallbackUrl?: string;
  }): Promise<Result<undefined, KnownError>> {
    try {
      await this.#worker.call('signUpWithCredential', {
        email: options.email,
        password: options.password,
        verificationCallbackUrl: options.verificationCallbackUrl ?? new URL(this.urls.emailVerification, location.href).href,
      });
      this.session.accept(await this.#worker.call('getSnapshot'));
    } catch (error) {
      if (error instanceof KnownErrors.UserEmailAlreadyExists || error instanceof KnownErrors.PasswordRequirementsNotMet) return err(error);
      throw error;
    }
    if (!options.noRedirect) this.redirectToAfterSignUp({ replace: true });
    return ok(undefined);
  }

  async signOut(options: { redirectUrl?: string } = {}): Promise<void> {
    await this.#worker.call('signOut');
    this.session.accept(await this.#worker.call('getSnapshot'));
    performRedirect(this.#redirectMethod, options.redirectUrl ?? this.urls.afterSignOut, { replace: true });
  }

  getUser(options: { or: 'redirect' }): Promise<CurrentUser>;
  getUser(options: { or: 'throw' }): Promise<CurrentUser>;
  getUser(options?: { or?: 'return-null' }): Promise<CurrentUser | null>;
  async getUser(options: { or?: UserOr } = {}): Promise<CurrentUser | null> {
    const snapshot = await this.getSessionSnapshot();
    const user = snapshot.status === 'signed-in' ? await this.#fetchUser() : null;
    if (user) return user;
    if (options.or === 'redirect') {
      this.redirectToSignIn();
      return new Promise<never>(() => undefined);
    }
    if (options.or === 'throw') throw new Error('User is not signed in but getUser was called with { or: "throw" }');
    return null;
  }

  /** The access token for the app's own backend; needs `exposeAccessToken: true` in the worker. */
  getAccessToken(): Promise<string | null> {
    return this.#worker.call('getAccessToken');
  }

  redirectToSignIn(): void {
    this.#redirect(signInRedirectTarget(this.urls.signIn, new URL(location.href)), { replace: true });
  }

  redirectToSignUp(): void {
    this.#redirect(signInRedirectTarget(this.urls.signUp, new URL(location.href)), { replace: true });
  }

  redirectToAfterSignIn(options: { replace?: boolean } = {}): void {
    this.#redirect(afterAuthRedirectTarget(this.urls.afterSignIn, new URL(location.href)), options);
  }

  redirectToAfterSignUp(options: { replace?: boolean } = {}): void {
    this.#redirect(afterAuthRedirectTarget(this.urls.afterSignUp, new URL(location.href)), options);
  }

  redirectToHome(): void {
    this.#redirect(this.urls.home);
  }

  /** Every redirect is trust-checked: relative only, with `code`/`state` removed. */
  #redirect(target: string, options: { replace?: boolean } = {}): void {
    const trusted = stripOAuthParamsFromRelative(assertTrustedRedirect(target, new URL(location.href)));
    performRedirect(this.#redirectMethod, trusted, options);
  }

  async #fetchUser(): Promise<CurrentUser | null> {
    try {
      return await fetchCurrentUser({
        transport: this.#transport,
        signOut: () => this.signOut(),
        afterMutation: () => this.userCache.reload(),
      });
    } catch (error) {
      if (error instanceof KnownErrors.CannotGetOwnUserWithoutUser) return null;
      throw error;
    }
  }
}

import { appRegistry } from './app-registry.ts';
import type { SessionBackend, SessionSnapshot } from '../../bridge/messages.ts';
import { resolveHandlerUrls, type HandlerName, type HandlerUrls } from '../../flows/handler-urls.ts';
import { KnownError } from '../../protocol/errors/base.ts';
import { NotImplementedError } from '../../protocol/not-implemented-error.ts';
import { requireSetting, StackSetupError } from '../../protocol/setup-error.ts';
import type { ClientProjectData } from '../../protocol/schemas/project.ts';
import { ApiTransport } from '../backend/api-transport.ts';
import type { ClientContext } from './context.ts';
import type { CurrentUser } from '../user/current-user.ts';
import { connectSessionBackend, type TokenStoreOption } from './session-backend.ts';
import { createAppRedirects, type AppRedirects, type RedirectToOptions } from './app-redirects.ts';
import type { StackClientAppDocs } from './client-app-docs.ts';
import type { StackClientAppRedirectDocs } from './client-app-redirect-docs.ts';
import { ROUTER_NAVIGATION, routerNavigationSlot, type RedirectMethod, type RouterNavigationSlot } from './redirect-method.ts';
import type { RedirectTrust } from '../../flows/redirect-trust.ts';
import type { Result } from '../../protocol/result.ts';
import { ProjectCache } from '../reads/project-cache.ts';
import { browserPageEvents, SessionStore } from '../session/session-store.ts';
import { UserCache } from '../reads/user-cache.ts';

export interface StackClientAppOptions {
  /** Identifies this app on the page: a second app with the same identifier throws. */
  uniqueIdentifier?: string;
  /** The app prefetches its operations code at start; true skips that (and the >10 apps warning). */
  noAutomaticPrefetch?: boolean;
  projectId: string;
  publishableClientKey: string;
  /** API base without `/api/v1`. */
  baseUrl?: string;
  /**
   * `service-worker` (default): the worker holds the tokens; browsers without one fall back to the
   * page-hosted session. `memory`: page-hosted, nothing stored. `cookie`: page-hosted, tokens in
   * the official SDK's cookies (shared with it; readable by page scripts). For server-side use, as in
   * the SDK: `{ accessToken, refreshToken }`, or a request (its `x-stack-auth` header or the SDK's
   * cookies), each a memory session that starts with those tokens.
   */
  tokenStore?: TokenStoreOption;
  serviceWorker?: { url?: string; scope?: string };
  urls?: Partial<HandlerUrls>;
  redirectMethod?: RedirectMethod;
  /**
   * Trusted-domain entries for redirects, besides the project's: `https://app.example.com`, `https://*.example.com`
   * (one label), `http://localhost:*` (any port). For backends that do not send the project's list to clients.
   */
  trustedDomains?: readonly string[];
  /** Provider scopes requested whenever an account of that provider is linked, e.g. `{ github: ['repo'] }`. */
  oauthScopesOnSignIn?: Partial<Record<string, readonly string[]>>;
  /** Asks for the TOTP code when a sign-in needs it; the browser's prompt() by default. */
  onTotpRequired?: () => Promise<string | null>;
  /** Milliseconds to find the worker (a first install included), and again for its answer, before a call fails with WorkerUnavailableError. Default 30,000. */
  callTimeoutMs?: number;
  /** fetch for the page-hosted session (tests, server rendering); the browser's by default. */
  fetch?: typeof fetch;
  /**
   * The switch from `@stackframe/js` / `@stackframe/react` (docs/migrating.md): the worker takes over the session the
   * official SDK left in this origin's cookies, at its first start only, so signed-in users stay signed in. Off by
   * default: a new app has no such session, and a cookie any other port or subdomain could plant would sign a
   * visitor in as someone else. Turn it off again once your users have loaded the switched app.
   */
  migrateOfficialSession?: boolean;
}

export const DEFAULT_BASE_URL = 'https://api.stack-auth.com';

export { NotImplementedError };

type UserOr = 'redirect' | 'throw' | 'return-null';

/** The SDK's sign-up options: a verification link to `verificationCallbackUrl` (default: the handler's page), or none. */
export type SignUpWithCredentialOptions = { email: string; password: string; noRedirect?: boolean } & (
  | { noVerificationCallback: true; verificationCallbackUrl?: undefined }
  | { noVerificationCallback?: false; verificationCallbackUrl?: string }
);

type RedirectPage = Exclude<HandlerName, 'handler'>;
export type { RedirectToOptions };


// Loaded on first use (and prefetched at start-up): the page's initial bundle stays small.
const operations = () => import('./operations.ts');

/**
 * The page side of authworker, named and shaped like the official SDK's client app: the session itself lives in
 * the service worker, which every tab of the app shares.
 *
 * @example
 * ```ts
 * import { StackClientApp } from 'authworker';
 * const app = new StackClientApp({
 *   projectId: 'dfa45225-c0f9-490d-98d7-d2c978934c58',
 *   publishableClientKey: 'pck_pmy7skfgdxsnw8q561n2qjdyqtkz0cm2d26eqbg01z9pf',
 *   baseUrl: 'http://localhost:8102',
 * });
 * await app.signInWithCredential({ email: 'ada@example.com', password: 'correct horse battery' });
 * const user = await app.getUser();
 * ```
 */
export class StackClientApp implements StackClientAppDocs<StackClientApp>, StackClientAppRedirectDocs<StackClientApp> {
  /**
   * The project this app signs in to.
   *
   * @example
   * ```ts
   * console.log(`signing in to ${app.projectId}`);
   * ```
   */
  readonly projectId: string;
  /**
   * The handler pages' URLs: the defaults under `/handler`, with the app's `urls` over them.
   *
   * @example
   * ```ts
   * const link = `${app.urls.signIn}?after_auth_return_to=${encodeURIComponent(location.pathname)}`;
   * ```
   */
  readonly urls: HandlerUrls;
  /**
   * The session as this tab sees it, a plain store the hooks adapt (`useSession()`): `subscribe`, `getSnapshot`,
   * and the page events it follows (`setPageEvents`). Never a token.
   *
   * @example
   * ```ts
   * const stop = app.session.subscribe(() => console.log(app.session.getSnapshot().status));
   * ```
   */
  readonly session: SessionStore;
  /**
   * The page's one cache of reads: the signed-in user (`subscribe`, `getSnapshot`, `whenReady`, `reload`) and the
   * user's reads the hooks and components follow, each through an observer of its own.
   *
   * @example
   * ```ts
   * const stop = app.userCache.subscribe(() => console.log(app.userCache.getSnapshot().user?.displayName));
   * await app.userCache.reload();
   * ```
   */
  readonly userCache: UserCache;
  /**
   * The project's client view as `useProject()` reads it: fetched once, asked again a second after a failure.
   *
   * @example
   * ```ts
   * const project = await app.projectCache.read();
   * if (project.config.magicLinkEnabled) console.log('Sign in with a link');
   * ```
   */
  readonly projectCache: ProjectCache;
  readonly #ctx: ClientContext;
  // The SDK's `redirectTo<Page>()`, one per handler URL, generated in the static block below (AppRedirects.toPage).
  declare redirectToSignIn: (options?: RedirectToOptions) => Promise<void>;
  declare redirectToSignUp: (options?: RedirectToOptions) => Promise<void>;
  declare redirectToSignOut: (options?: RedirectToOptions) => Promise<void>;
  declare redirectToAfterSignIn: (options?: RedirectToOptions) => Promise<void>;
  declare redirectToAfterSignUp: (options?: RedirectToOptions) => Promise<void>;
  declare redirectToAfterSignOut: (options?: RedirectToOptions) => Promise<void>;
  declare redirectToHome: (options?: RedirectToOptions) => Promise<void>;
  declare redirectToAccountSettings: (options?: RedirectToOptions) => Promise<void>;
  declare redirectToEmailVerification: (options?: RedirectToOptions) => Promise<void>;
  declare redirectToPasswordReset: (options?: RedirectToOptions) => Promise<void>;
  declare redirectToForgotPassword: (options?: RedirectToOptions) => Promise<void>;
  declare redirectToMagicLinkCallback: (options?: RedirectToOptions) => Promise<void>;
  declare redirectToOAuthCallback: (options?: RedirectToOptions) => Promise<void>;
  declare redirectToError: (options?: RedirectToOptions) => Promise<void>;
  declare redirectToTeamInvitation: (options?: RedirectToOptions) => Promise<void>;
  readonly #redirects: AppRedirects;
  /** The router's navigate, given by `StackProvider` from `redirectMethod.useNavigate()`. */
  readonly [ROUTER_NAVIGATION]: RouterNavigationSlot;
  /** The start-up takeover of the official SDK's session, while it runs (migrateOfficialSession). */
  #takeover: Promise<unknown> | undefined;

  constructor(options: StackClientAppOptions) {
    requireSetting(options.projectId, 'projectId', null, 'StackClientApp');
    requireSetting(options.publishableClientKey, 'publishableClientKey', null, 'StackClientApp');
    appRegistry.register(options);
    // Without trailing slashes or an `/api/v1` the app may have written (apiBaseUrl, inlined: the page's bytes).
    const apiUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/(\/api\/v1)?\/*$/, '');
    // The first render's end (the first user answer) lets a controlling worker's registration be looked at.
    const { backend, tokenStore, pageHost } = connectSessionBackend(options, apiUrl, () => this.userCache.whenReady());
    this.projectId = options.projectId;
    this.urls = resolveHandlerUrls(options.urls);
    const signOut = () => this.signOut();
    this.userCache = new UserCache(() => this.#fetchUser(), async (change) => (await operations()).readUserChange(this.#ctx, change, signOut));
    // The user follows the session in the same batch: a session change and the user change it causes render once.
    this.session = new SessionStore(() => this.#catchUp(backend), browserPageEvents, (snapshot) => this.userCache.sync(snapshot));
    // While the official session is taken over, the host's snapshots before it (signed out) wait for its end.
    const accept = (snapshot: SessionSnapshot) => (this.#takeover ? void this.#takeover.then(() => this.session.accept(snapshot)) : this.session.accept(snapshot));
    backend.watchSession((event) => (event.type === 'session' ? accept(event.snapshot) : void this.userCache.receive(event.change)));
    this.projectCache = new ProjectCache(() => this.getProject());
    const currentUrl = () => (typeof location === 'undefined' ? null : new URL(location.href));
    const redirectMethod = options.redirectMethod ?? (typeof location === 'undefined' ? 'none' : 'window');
    this[ROUTER_NAVIGATION] = routerNavigationSlot(redirectMethod);
    this.#redirects = createAppRedirects(currentUrl, redirectMethod, options.trustedDomains ?? [], () => this.projectCache.read(), this[ROUTER_NAVIGATION]);
    this.#ctx = {
      backend,
      transport: new ApiTransport(apiUrl, backend),
      urls: this.urls,
      session: this.session,
      userCache: this.userCache,
      config: pageHost,
      currentUrl,
      redirect: (target, redirectOptions) => this.#redirects.go(target, redirectOptions),
      oauthScopesOnSignIn: options.oauthScopesOnSignIn ?? {},
      promptTotp: options.onTotpRequired,
      // A worker of an older version (the first seconds after a deploy) answers without the snapshot; its broadcast follows.
      sessionChanged: (change) => change.snapshot && this.session.accept(change.snapshot),
    };
    // The operations load after start-up, off the initial path.
    if (!options.noAutomaticPrefetch) operations().catch(() => undefined);
    // A session the official SDK left in cookies is taken over only when the app asked (migrateOfficialSession).
    this.#start(backend, options.migrateOfficialSession === true && tokenStore === 'service-worker', signOut);
  }

  /** The first call to the host (`hello`): the session, and the user it kept, or the setup error the hooks throw. */
  #start(backend: SessionBackend, takeOver: boolean, signOut: () => Promise<void>): void {
    // A session the official SDK left in cookies goes to the worker once (and its cookies go): its users stay signed in.
    const official = takeOver && typeof document !== 'undefined' && document.cookie.includes(`-refresh-${this.projectId}`);
    const hello = (helloOptions?: { officialRefreshToken: string }) => backend.call('hello', 1, helloOptions);
    const started = official ? import('../session/session-takeover.ts').then((t) => t.helloTakingOver(hello, this.projectId)) : hello();
    // The first load after the switch shows the carried-over user: the session is read once the takeover settled.
    if (official) this.#takeover = started.then(() => (this.#takeover = undefined), () => (this.#takeover = undefined));
    void started.then(
      (hello) => {
        const stored = hello.storedUser;
        // An older worker sends none; the body is schema-checked when read (a bad one is skipped).
        if (stored) this.userCache.offerStored(stored.userId, async () => (await operations()).storedCurrentUser(this.#ctx, stored.body, signOut));
        this.userCache.knowVersion(hello.userVersion ?? -1);
        this.session.accept(hello.snapshot);
      },
      (error: unknown) => {
        if (!(error instanceof StackSetupError)) return console.warn('[authworker] the session backend could not be reached', error);
        // A worker set up otherwise: the hooks throw it, and so does the start-up, where the developer sees it.
        this.userCache.fail(error);
        throw error;
      },
    );
  }

  /**
   * A tab that may have missed its host's events (shown again, resumed, back online): the session, and the user
   * changes after the last one it showed, in one batch. A worker of an older version only knows `getSnapshot`.
   */
  async #catchUp(backend: SessionBackend): Promise<SessionSnapshot> {
    await this.#takeover;
    const caught = await backend.call('catchUp', { userVersion: this.userCache.version }).catch(() => null);
    if (!caught) return backend.call('getSnapshot');
    await this.userCache.receive(caught.user, () => this.session.accept(caught.snapshot));
    return caught.snapshot;
  }

  async getSessionSnapshot(): Promise<SessionSnapshot> {
    const current = this.session.getSnapshot();
    return current.status === 'loading' ? this.session.refresh() : current;
  }

  signInWithCredential(options: { email: string; password: string; noRedirect?: boolean }): Promise<Result<undefined, KnownError>> {
    return operations().then(({ signIn }) => signIn.signInWithCredential(this.#ctx, options));
  }

  signUpWithCredential(options: SignUpWithCredentialOptions): Promise<Result<undefined, KnownError>> {
    return operations().then(({ signIn }) => signIn.signUpWithCredential(this.#ctx, options));
  }

  signInWithMfa(totp: string, code: string, options?: { noRedirect?: boolean }): Promise<Result<undefined, KnownError>> {
    return operations().then(({ signIn }) => signIn.signInWithMfa(this.#ctx, totp, code, options));
  }

  sendMagicLinkEmail(email: string, options?: { callbackUrl?: string }): Promise<Result<{ nonce: string }, KnownError>> {
    return operations().then(({ signIn }) => signIn.sendMagicLinkEmail(this.#ctx, email, options));
  }

  signInWithMagicLink(code: string, options?: { noRedirect?: boolean }): Promise<Result<{ isNewUser: boolean }, KnownError>> {
    return operations().then(({ signIn }) => signIn.signInWithMagicLink(this.#ctx, code, options));
  }

  sendForgotPasswordEmail(email: string, options?: { callbackUrl?: string }): Promise<Result<undefined, KnownError>> {
    return operations().then(({ recovery }) => recovery.sendForgotPasswordEmail(this.#ctx, email, options));
  }

  verifyPasswordResetCode(code: string): Promise<Result<undefined, KnownError>> {
    return operations().then(({ recovery }) => recovery.verifyPasswordResetCode(this.#ctx, code));
  }

  resetPassword(options: { code: string; password: string }): Promise<Result<undefined, KnownError>> {
    return operations().then(({ recovery }) => recovery.resetPassword(this.#ctx, options));
  }

  verifyEmail(code: string): Promise<Result<undefined, KnownError>> {
    return operations().then(({ recovery }) => recovery.verifyEmail(this.#ctx, code));
  }

  signInWithOAuth(provider: string, options?: { returnTo?: string }): Promise<void> {
    return operations().then(({ oauth }) => oauth.signInWithOAuth(this.#ctx, provider, options));
  }

  callOAuthCallback(): Promise<boolean> {
    return operations().then(({ oauth }) => oauth.callOAuthCallback(this.#ctx));
  }

  signInWithPasskey(): Promise<Result<undefined, KnownError>> {
    return operations().then(({ passkeys }) => passkeys.signInWithPasskey(this.#ctx));
  }

  signInWithPasskeyAutofill(options: { signal: AbortSignal }): Promise<Result<undefined, KnownError> | null> {
    return operations().then(({ passkeys }) => passkeys.signInWithPasskeyAutofill(this.#ctx, options));
  }

  verifyTeamInvitationCode(code: string): Promise<Result<undefined, KnownError>> {
    return operations().then(({ teams }) => teams.verifyTeamInvitationCode(this.#ctx, code));
  }

  getTeamInvitationDetails(code: string): Promise<Result<{ teamDisplayName: string }, KnownError>> {
    return operations().then(({ teams }) => teams.getTeamInvitationDetails(this.#ctx, code));
  }

  acceptTeamInvitation(code: string): Promise<Result<undefined, KnownError>> {
    return operations().then(({ teams }) => teams.acceptTeamInvitation(this.#ctx, code));
  }

  async signOut(options: { redirectUrl?: string } = {}): Promise<void> {
    this.#ctx.sessionChanged(await this.#ctx.backend.call('signOut'));
    await this.#redirects.go(options.redirectUrl ?? this.urls.afterSignOut, { replace: true });
  }

  getUser(options: { or: 'redirect' }): Promise<CurrentUser>;
  getUser(options: { or: 'throw' }): Promise<CurrentUser>;
  getUser(options?: { or?: 'return-null' }): Promise<CurrentUser | null>;
  async getUser(options: { or?: UserOr } = {}): Promise<CurrentUser | null> {
    const snapshot = await this.getSessionSnapshot();
    // Imperative: always a fresh fetch (batched with any other caller), which also updates the hooks' user.
    const user = snapshot.status === 'signed-in' ? await this.userCache.fetchUser() : null;
    if (user) return user;
    if (options.or === 'redirect') {
      this.redirectToSignIn();
      return new Promise<never>(() => undefined);
    }
    if (options.or === 'throw') throw new Error('User is not signed in but getUser was called with { or: "throw" }');
    return null;
  }

  async getProject(): Promise<ClientProjectData> {
    return (await operations()).fetchProject(this.#ctx);
  }

  getAccessToken(): Promise<string | null> {
    return operations().then(({ tokens }) => tokens.accessToken(this.#ctx));
  }

  getAuthJson(): Promise<{ accessToken: string | null; refreshToken: null }> {
    return operations().then(({ tokens }) => tokens.authJson(this.#ctx));
  }

  getAuthorizationHeader(): Promise<string | null> {
    return operations().then(({ tokens }) => tokens.authorizationHeader(this.#ctx));
  }

  getAuthHeaders(): Promise<{ 'x-stack-auth': string }> {
    return operations().then(({ tokens }) => tokens.authHeaders(this.#ctx));
  }

  getRefreshToken(): Promise<string | null> {
    return operations().then(({ tokens }) => tokens.refreshTokenRefusal('getRefreshToken'));
  }

  setTotpPrompt(prompt: ClientContext['promptTotp']): () => void {
    const ctx = this.#ctx;
    const replaced = ctx.promptTotp;
    ctx.promptTotp = prompt;
    return () => (ctx.promptTotp = replaced);
  }

  static {
    // One per handler URL but the handler path itself.
    for (const page of Object.keys(resolveHandlerUrls()).slice(1) as RedirectPage[]) {
      (this.prototype as unknown as Record<string, unknown>)[`redirectTo${page[0]!.toUpperCase()}${page.slice(1).replace('auth', 'Auth')}`] = function (this: StackClientApp, options?: RedirectToOptions) {
        return this.#redirects.toPage(this.urls[page], page, options);
      };
    }
  }

  getRedirectTrust(): Promise<RedirectTrust> {
    return this.#redirects.trust();
  }

  async #fetchUser(): Promise<CurrentUser | null> {
    try {
      const { fetchCurrentUser } = await operations();
      return await fetchCurrentUser(this.#ctx, () => this.signOut());
    } catch (error) {
      if (error instanceof KnownError && error.code === 'CANNOT_GET_OWN_USER_WITHOUT_USER') return null;
      throw error;
    }
  }
}

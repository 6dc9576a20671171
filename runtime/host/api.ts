import type * as z from 'zod/mini';
import {
  BRIDGE_PROTOCOL_VERSION,
  type BridgeErrorData,
  type BridgeResult,
  type OAuthSignInResultData,
  type SignInResultData,
  type WorkerApi,
} from '../bridge/messages.ts';
import {
  announceArgsSchema,
  apiRequestArgsSchema,
  catchUpArgsSchema,
  credentialArgsSchema,
  helloArgsSchema,
  magicLinkSendArgsSchema,
  magicLinkSignInArgsSchema,
  mfaSignInArgsSchema,
  oauthCodeArgsSchema,
  oauthLinkArgsSchema,
  passkeySignInArgsSchema,
  signUpArgsSchema,
} from '../bridge/schemas.ts';
import type { Pipeline } from '../http/pipeline.ts';
import { ACCESS_TOKEN_NOT_EXPOSED_MESSAGE } from './access-token-refusal.ts';
import { KnownError } from '../protocol/errors/base.ts';
import { sendSignInCodeResponseSchema, signInResponseSchema } from '../protocol/schemas/auth.ts';
import { decodeAccessToken } from '../session/jwt.ts';
import { requestAuthorizationCodeGrant, type RefreshGrantConfig } from '../session/refresh-grant.ts';
import { MagicLinkNonces } from './magic-link-nonce.ts';
import type { OAuthLinkGate } from './oauth-link.ts';
import { isSignOut, pageRequestRefusal } from './token-endpoints.ts';
import { forwardApiRequest, type ForwardDeps } from './forward.ts';
import { pageHeaders, refusalText } from './responses.ts';
import type { SessionHost } from './session-host.ts';
import type { SignOutService } from './sign-out.ts';
import type { UserFeed } from './user-feed.ts';
import { useEnglishZodMessages } from '../protocol/zod-messages.ts';
import * as api from '../protocol/contract/api.generated.ts';
import { type ApiEndpoint } from '../protocol/endpoint-path.ts';
import { endpointRequest } from '../protocol/endpoint-request.ts';

useEnglishZodMessages();

export interface WorkerApiDeps extends ForwardDeps {
  options: { exposeAccessToken: boolean };
  host: SessionHost;
  pipeline: Pipeline;
  signOut: SignOutService;
  /** Where and as which client the worker sends the token endpoint's grants. */
  tokenEndpoint: RefreshGrantConfig;
  oauthLinks: OAuthLinkGate;
  userFeed: UserFeed;
  /** Where the nonce of a magic-link e-mail waits for its code (default: memory only). */
  magicLinkNonces?: MagicLinkNonces;
  /** Takes over the official SDK's session a page hands over (session-takeover.ts; none: hello ignores one). */
  takeOver?: (officialRefreshToken?: string) => Promise<boolean>;
  /** The device's network (navigator.onLine); none: an offline mark stays until a request gets through. */
  isOnline?: () => boolean;
}

/** hello never waits longer than this for the stored user: the network answer is the fallback. */
const STORED_USER_WAIT_MS = 250;

/** The API pages reach over Comlink. Every argument is schema-checked before use. */
export function createWorkerApi(deps: WorkerApiDeps): WorkerApi {
  const { host, pipeline, options } = deps;
  const magicLinkNonces = deps.magicLinkNonces ?? new MagicLinkNonces();
  // The session now; a page asks when its network is back, which ends the mark a request left while offline.
  const current = async () => {
    await host.ensureLoaded();
    if (host.snapshot.network === 'offline' && deps.isOnline?.()) host.setNetwork('online');
    return host.snapshot;
  };
  // Whichever way the user goes (sign-out here or through the fetch route, deletion), these go too.
  deps.signOut.alsoForget(() => Promise.all([deps.offlineCache.forgetUser(), magicLinkNonces.forget()]));

  const signIn = async (endpoint: ApiEndpoint, body: Record<string, unknown>, options: { withSession: boolean }): Promise<SignInResultData> => {
    await host.ensureLoaded();
    const data = await pipeline.sendJson(
      { ...endpointRequest(endpoint as 'POST /'), json: body, session: options.withSession ? host.session : null },
      signInResponseSchema,
    );
    const snapshot = await host.establish({ refreshToken: data.refresh_token, accessToken: data.access_token, userId: data.user_id });
    // Signed in, by whatever means: a pending magic-link code has nothing left to do.
    await magicLinkNonces.forget();
    return { userId: data.user_id, isNewUser: data.is_new_user ?? false, snapshot };
  };

  return Object.freeze<WorkerApi>({
    hello: (protocol, helloOptions) =>
      settle(async () => {
        if (protocol !== BRIDGE_PROTOCOL_VERSION) {
          throw new Error(`authworker: the page speaks bridge protocol ${String(protocol)}, the worker speaks ${BRIDGE_PROTOCOL_VERSION}`);
        }
        const official = helloOptions === undefined ? undefined : parseArgs(helloArgsSchema, helloOptions).officialRefreshToken;
        const tookOver = await deps.takeOver?.(official);
        await host.ensureLoaded();
        const snapshot = host.snapshot;
        const storedUser = snapshot.status === 'signed-in' && snapshot.userId ? await deps.offlineCache.storedUser(snapshot.userId, STORED_USER_WAIT_MS) : null;
        const { apiUrl, projectId, publishableClientKey } = deps.tokenEndpoint;
        return { protocol: BRIDGE_PROTOCOL_VERSION, snapshot, storedUser, userVersion: deps.userFeed.version, setup: { apiUrl, projectId, publishableClientKey }, tookOver };
      }),
    getSnapshot: () => settle(current),
    signInWithCredential: (args) =>
      settle(() => {
        const { email, password } = parseArgs(credentialArgsSchema, args);
        return signIn(api.passwordSignIn, { email, password }, { withSession: true });
      }),
    signUpWithCredential: (args) =>
      settle(() => {
        const { email, password, verificationCallbackUrl } = parseArgs(signUpArgsSchema, args);
        return signIn(api.passwordSignUp, { email, password, verification_callback_url: verificationCallbackUrl }, { withSession: true });
      }),
    sendMagicLinkEmail: (args) =>
      settle(async () => {
        const { email, callbackUrl } = parseArgs(magicLinkSendArgsSchema, args);
        const { nonce } = await pipeline.sendJson(
          { ...endpointRequest(api.otpSendSignInCode), json: { email, callback_url: callbackUrl } },
          sendSignInCodeResponseSchema,
        );
        await magicLinkNonces.remember(nonce);
        return { nonce };
      }),
    signInWithMagicLink: (args) =>
      settle(async () => {
        const { code } = parseArgs(magicLinkSignInArgsSchema, args);
        let fullCode = code;
        if (code.length === 6) {
          const nonce = await magicLinkNonces.recall();
          if (!nonce) throw new Error('authworker: no magic-link e-mail was sent from this browser; use the link in the e-mail.');
          fullCode = code.toUpperCase() + nonce;
        }
        return signIn(api.otpSignIn, { code: fullCode }, { withSession: false });
      }),
    signInWithMfa: (args) =>
      settle(() => {
        const { attemptCode, totp } = parseArgs(mfaSignInArgsSchema, args);
        return signIn(api.mfaSignIn, { code: attemptCode, type: 'totp', totp }, { withSession: false });
      }),
    exchangeOAuthCode: (args) =>
      settle(async (): Promise<OAuthSignInResultData> => {
        const grant = parseArgs(oauthCodeArgsSchema, args);
        await host.ensureLoaded();
        const data = await requestAuthorizationCodeGrant(deps.tokenEndpoint, grant);
        const userId = decodeAccessToken(data.access_token)?.sub;
        if (!data.refresh_token || !userId) throw new Error('authworker: the token response carries no refresh token or user');
        const snapshot = await host.establish({ refreshToken: data.refresh_token, accessToken: data.access_token, userId });
        await magicLinkNonces.forget();
        return { userId, isNewUser: data.is_new_user ?? false, afterCallbackRedirectUrl: data.after_callback_redirect_url ?? null, snapshot };
      }),
    prepareOAuthLink: (args) =>
      settle(() => deps.oauthLinks.prepare(parseArgs(oauthLinkArgsSchema, args).authorizeUrl, host)),
    signInWithPasskey: (args) =>
      settle(() => {
        const { authenticationResponse, code } = parseArgs(passkeySignInArgsSchema, args);
        return signIn(api.passkeySignIn, { authentication_response: authenticationResponse, code }, { withSession: false });
      }),
    deleteUser: () => settle(async () => ({ snapshot: await deps.signOut.deleteUser() })),
    signOut: () => settle(async () => ({ snapshot: await deps.signOut.signOut() })),
    apiRequest: (args) =>
      settle(async () => {
        const request = parseArgs(apiRequestArgsSchema, args);
        // Classified as fetch will send it: the query and a fragment are cut, encoded `?` `#` `/` `.` decoded.
        const refusal = pageRequestRefusal(request.method, request.path);
        if (refusal) throw new Error(refusalText(request.path, refusal));
        // As the service worker's fetch route does: a bare forward would revoke the session but leave it stored.
        if (isSignOut(request.method, request.path)) {
          await deps.signOut.signOut();
          return { status: 200, headers: [['content-type', 'application/json; charset=utf-8']], body: '{"success":true}' };
        }
        const response = await forwardApiRequest(deps, {
          path: request.path,
          method: request.method,
          headers: pageHeaders(request.headers),
          body: request.body,
          withSession: request.withSession,
        });
        return { status: response.status, headers: [...response.headers], body: await response.text() };
      }),
    announceUserChange: (args) =>
      settle(async () => {
        const { reads } = parseArgs(announceArgsSchema, args);
        await host.ensureLoaded();
        return deps.userFeed.announce(reads);
      }),
    catchUp: (args) =>
      settle(async () => {
        const { userVersion } = parseArgs(catchUpArgsSchema, args);
        return { snapshot: await current(), user: deps.userFeed.catchUp(userVersion) };
      }),
    getAccessToken: () =>
      settle(async () => {
        if (!options.exposeAccessToken) {
          throw new Error(ACCESS_TOKEN_NOT_EXPOSED_MESSAGE);
        }
        await host.ensureLoaded();
        const tokens = await host.session?.getTokens();
        return tokens?.accessToken ?? null;
      }),
  });
}

class InvalidBridgeArgumentsError extends Error {
  override name = 'InvalidBridgeArgumentsError';
}

function parseArgs<S extends z.ZodMiniType>(schema: S, args: unknown): z.output<S> {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new InvalidBridgeArgumentsError(`authworker: invalid arguments: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

async function settle<T>(run: () => Promise<T>): Promise<BridgeResult<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error: toBridgeError(error) };
  }
}

export function toBridgeError(error: unknown): BridgeErrorData {
  if (error instanceof KnownError) {
    return { name: error.name, message: error.message, code: error.code, status: error.status, ...(error.details ? { details: error.details } : {}) };
  }
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

// How a StackClientApp reaches its session host, from its `tokenStore` option: the service worker (the default;
// page-hosted where a browser has none), or a page-hosted session in memory or in the official SDK's cookies.
import type { SessionBackend } from '../../bridge/messages.ts';
import type { RequestLike } from '../../protocol/forwarded-session.ts';
import { NotImplementedError } from '../../protocol/not-implemented-error.ts';
import { AutoBackend } from '../backend/auto-backend.ts';
import { LazyInPageHost } from '../backend/lazy-in-page-host.ts';

/** The SDK's token-object store: a session handed to the app (server-side use). */
interface TokenStoreTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

export type TokenStoreOption = 'service-worker' | 'memory' | 'cookie' | TokenStoreTokens | RequestLike;

/** What of StackClientAppOptions the session's home depends on. */
interface BackendOptions {
  projectId: string;
  publishableClientKey: string;
  tokenStore?: TokenStoreOption;
  serviceWorker?: { url?: string; scope?: string };
  callTimeoutMs?: number;
  fetch?: typeof fetch;
}

const NEXTJS_COOKIE_OUT_OF_SCOPE =
  "authworker: tokenStore 'nextjs-cookie' is not provided: use 'cookie' in the browser, or tokenStore: request on a server (docs/migrating.md).";

/**
 * The app's session backend, or a NotImplementedError for a token store authworker does not have.
 * `startupSettled` resolves with the first render's end, after which a controlling worker's registration is looked at.
 */
export function connectSessionBackend(options: BackendOptions, apiUrl: string, startupSettled: () => Promise<unknown>) {
  const store = options.tokenStore ?? 'service-worker';
  // Checked (givenToken, session/token-session.ts) where the page-hosted session starts, off the initial bundle.
  const handedOver = typeof store === 'object' && store !== null ? store : undefined;
  const tokenStore: string = handedOver ? 'memory' : (store as string);
  if (tokenStore === 'nextjs-cookie') {
    // As the SDK does for what it cannot do: report it to the service (never failing), and fail at once.
    const target = { apiUrl, projectId: options.projectId, publishableClientKey: options.publishableClientKey, fetch: options.fetch };
    import('./operations.ts')
      .then((o) => o.reportUnsupportedFeature(target, "tokenStore 'nextjs-cookie'", { tokenStore }))
      .catch(() => undefined);
    throw new NotImplementedError(NEXTJS_COOKIE_OUT_OF_SCOPE);
  }
  if (tokenStore !== 'service-worker' && tokenStore !== 'memory' && tokenStore !== 'cookie') {
    throw new NotImplementedError(`authworker: tokenStore '${tokenStore}' is not implemented.`);
  }
  const pageHost = { apiUrl, projectId: options.projectId, publishableClientKey: options.publishableClientKey, ...(options.fetch ? { fetch: options.fetch } : {}) };
  const backend: SessionBackend =
    tokenStore === 'service-worker'
      ? new AutoBackend(
          {
            url: options.serviceWorker?.url ?? '/sw.js',
            ...(options.serviceWorker?.scope ? { scope: options.serviceWorker.scope } : {}),
            callTimeoutMs: options.callTimeoutMs ?? 30_000,
            startupSettled,
          },
          pageHost,
        )
      : new LazyInPageHost({ ...pageHost, persistence: tokenStore, ...(handedOver ? { initialTokens: handedOver } : {}) });
  return { backend, tokenStore, pageHost };
}

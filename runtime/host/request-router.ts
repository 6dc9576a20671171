// What a worker's session host answers for the requests its pages send: the configured API's requests get the
// session's headers (sign-out becomes a full sign-out), token endpoints and non-canonical paths are refused,
// the account-linking trampoline redirects with the token, the app's own routes may get `x-stack-auth`.
import { NO_SESSION_HEADER } from '../bridge/messages.ts';
import { classifyRequest } from './classify-request.ts';
import type { SessionHostServices } from './create-session-host.ts';
import { forwardsAuthFor, resentBody, sendWithAuthHeader, type ForwardAuthConfig } from './forward-auth.ts';
import { forwardApiRequest } from './forward.ts';
import { jsonResponse, pageHeaders, refusedResponse } from './responses.ts';

export interface RequestRouterOptions {
  /** Base URL of the API, without `/api/v1`. */
  apiUrl: string;
  /** The worker's own origin: `x-stack-auth` only ever goes there. */
  ownOrigin: string;
  forwardAuthTo?: ForwardAuthConfig | undefined;
  /** How requests re-sent with `x-stack-auth` go out. */
  fetch: typeof fetch;
}

/** What the host answers for `request`, or null: the request is not ours and passes untouched. */
export type RequestRouter = (request: Request) => Promise<Response> | null;

export function createRequestRouter(services: SessionHostServices, options: RequestRouterOptions): RequestRouter {
  const { host, oauthLinks, signOut } = services;
  return (request) => {
    const url = new URL(request.url);
    // Account linking's trampoline: only a top-level navigation, so no script can read the redirect.
    const linkId = request.mode === 'navigate' && request.destination === 'document' ? oauthLinks.trampolineId(url.href) : null;
    if (linkId !== null) return oauthLinks.respond(linkId, host);
    const route = classifyRequest(url, request.method, options.apiUrl);
    switch (route.kind) {
      case 'not-api':
        return options.forwardAuthTo && forwardsAuthFor(request, options.ownOrigin, options.forwardAuthTo)
          ? sendWithAuthHeader(host, request, options.forwardAuthTo, options.fetch)
          : null;
      case 'token-minting':
      case 'non-canonical-path':
        return Promise.resolve(refusedResponse(route.path, route.kind));
      case 'sign-out':
        // Also drops the user's offline answers and a pending magic-link nonce (SignOutService.alsoForget).
        return signOut.signOut().then(() => jsonResponse(200, { success: true }));
      case 'api':
        return forwardPageRequest(services, request, route.path);
    }
  };
}

async function forwardPageRequest({ forward }: SessionHostServices, request: Request, path: string): Promise<Response> {
  const body = await resentBody(request);
  return forwardApiRequest(forward, {
    path,
    method: request.method.toUpperCase(),
    headers: pageHeaders(request.headers),
    body: body && body.byteLength > 0 ? body : null,
    withSession: !request.headers.has(NO_SESSION_HEADER),
  });
}

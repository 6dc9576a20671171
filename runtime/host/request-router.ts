import { NO_SESSION_HEADER } from '../runtime/bridge/messages.ts';
import { forwardApiRequest, type ForwardDeps } from '../runtime/host/forward.ts';
import { jsonResponse, pageHeaders, refusedResponse } from '../runtime/host/responses.ts';
import type { OAuthLinkGate } from '../runtime/host/oauth-link.ts';
import type { SignOutService } from '../runtime/host/sign-out.ts';
import { forwardsAuthFor, sendWithAuthHeader } from './forward-auth.ts';
import type { ResolvedAuthWorkerOptions } from './options.ts';
import { classifyRequest } from './routes.ts';

export interface FetchRouterDeps extends ForwardDeps {
  options: ResolvedAuthWorkerOptions;
  signOut: SignOutService;
  oauthLinks: OAuthLinkGate;
  /** The worker's own origin: `x-stack-auth` only ever goes there. */
  workerOrigin: string;
  fetch: typeof fetch;
}

/** Returns the fetch listener: API requests get our headers; everything else passes untouched. */
export function createFetchListener(deps: FetchRouterDeps): (event: FetchEvent) => void {
  return (event) => {
    const url = new URL(event.request.url);
    // Account linking's trampoline: only a top-level navigation, so no script can read the redirect.
    const linkId = event.request.mode === 'navigate' && event.request.destination === 'document' ? deps.oauthLinks.trampolineId(url.href) : null;
    if (linkId !== null) {
      event.respondWith(deps.oauthLinks.respond(linkId, deps.host));
      return;
    }
    const route = classifyRequest(url, event.request.method, deps.options.apiUrl);
    if (route.kind === 'not-api') {
      const forwardAuthTo = deps.options.forwardAuthTo;
      if (forwardAuthTo && forwardsAuthFor(event.request, deps.workerOrigin, forwardAuthTo)) {
        event.respondWith(sendWithAuthHeader(deps.host, event.request, forwardAuthTo, deps.fetch));
      }
      return;
    }
    if (route.kind === 'token-minting' || route.kind === 'non-canonical-path') {
      event.respondWith(refusedResponse(route.path, route.kind));
      return;
    }
    event.respondWith(handleApiRequest(deps, event.request, route.path, route.kind === 'sign-out'));
  };
}

async function handleApiRequest(deps: FetchRouterDeps, request: Request, path: string, isSignOut: boolean): Promise<Response> {
  if (isSignOut) {
    // Also drops the user's offline answers and a pending magic-link nonce (SignOutService.alsoForget).
    await deps.signOut.signOut();
    return jsonResponse(200, { success: true });
  }
  const method = request.method.toUpperCase();
  const body = method === 'GET' || method === 'HEAD' ? null : await request.arrayBuffer();
  return forwardApiRequest(deps, {
    path,
    method,
    headers: pageHeaders(request.headers),
    body: body && body.byteLength > 0 ? body : null,
    withSession: !request.headers.has(NO_SESSION_HEADER),
  });
}

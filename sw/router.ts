import type { Pipeline } from '../runtime/http/pipeline.ts';
import type { ResolvedAuthWorkerOptions } from './options.ts';
import { failureResponse, jsonResponse, pageHeaders, refusedResponse, sanitizeResponse } from './responses.ts';
import { classifyRequest } from './routes.ts';
import type { SessionHost } from './session-host.ts';
import type { SignOutService } from './sign-out.ts';

export interface FetchRouterDeps {
  options: ResolvedAuthWorkerOptions;
  host: SessionHost;
  pipeline: Pipeline;
  signOut: SignOutService;
}

/** Returns the fetch listener: API requests get our headers; everything else passes untouched. */
export function createFetchListener(deps: FetchRouterDeps): (event: FetchEvent) => void {
  return (event) => {
    const route = classifyRequest(new URL(event.request.url), event.request.method, deps.options.apiUrl);
    if (route.kind === 'not-api') return;
    if (route.kind === 'token-minting') {
      event.respondWith(refusedResponse(route.path));
      return;
    }
    event.respondWith(proxyApiRequest(deps, event.request, route.path, route.kind === 'sign-out'));
  };
}

export async function proxyApiRequest(deps: FetchRouterDeps, request: Request, path: string, isSignOut: boolean): Promise<Response> {
  if (isSignOut) {
    await deps.signOut.signOut();
    return jsonResponse(200, { success: true });
  }
  try {
    await deps.host.ensureLoaded();
    const method = request.method.toUpperCase();
    const body = method === 'GET' || method === 'HEAD' ? null : await request.arrayBuffer();
    const response = await deps.pipeline.send({
      path,
      method,
      headers: pageHeaders(request.headers),
      body: body && body.byteLength > 0 ? body : null,
      session: deps.host.session,
    });
    deps.host.setNetwork('online');
    return await sanitizeResponse(response);
  } catch (error) {
    return failureResponse(deps.host, error);
  }
}

import { NO_SESSION_HEADER } from '../runtime/bridge/messages.ts';
import type { Pipeline } from '../runtime/http/pipeline.ts';
import { coalescingKey, type InflightGets } from '../runtime/host/coalesce.ts';
import type { ResolvedAuthWorkerOptions } from './options.ts';
import { failureResponse, jsonResponse, pageHeaders, refusedResponse, sanitizeResponse } from '../runtime/host/responses.ts';
import { classifyRequest } from './routes.ts';
import type { SessionHost } from '../runtime/host/session-host.ts';
import type { SignOutService } from '../runtime/host/sign-out.ts';

export interface FetchRouterDeps {
  options: ResolvedAuthWorkerOptions;
  host: SessionHost;
  pipeline: Pipeline;
  signOut: SignOutService;
  inflight: InflightGets;
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
    const withSession = !request.headers.has(NO_SESSION_HEADER);
    const headers = pageHeaders(request.headers);
    const body = method === 'GET' || method === 'HEAD' ? null : await request.arrayBuffer();
    const send = () =>
      deps.pipeline.send({ path, method, headers, body: body && body.byteLength > 0 ? body : null, session: withSession ? deps.host.session : null });
    const key = coalescingKey(method, `${withSession ? '' : 'no-session '}${path}`, headers);
    const response = key === null ? await send() : await deps.inflight.run(key, send);
    deps.host.setNetwork('online');
    return await sanitizeResponse(response);
  } catch (error) {
    return failureResponse(deps.host, error);
  }
}

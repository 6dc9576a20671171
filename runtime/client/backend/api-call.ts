// One call of an endpoint of the generated contract, as the page's transport sends it: the method, and the path
// under /api/v1 with its placeholders and query filled in. The operations (lazy chunks) build calls here, so the
// transport, on the start-up path, carries no path code.
import type { ApiEndpoint, PathParamsArg } from '../../protocol/endpoint-path.ts';
import { buildQueryString, endpointPath, endpointRequest } from '../../protocol/endpoint-request.ts';
import type { ApiCall } from './api-transport.ts';

/** What a call adds to its endpoint: path parameters (when the path has placeholders), query, body, session. */
export type ApiCallOptions<E extends ApiEndpoint> = Omit<ApiCall, 'method' | 'path'> & {
  /** Query parameters; unset ones are left out. */
  query?: Record<string, string | undefined>;
} & (PathParamsArg<E> extends [] ? { params?: undefined } : { params: PathParamsArg<E>[0] });

/** `apiCall(api.teamsUpdate, { params: { team_id }, json })`: the call the transport sends. */
export function apiCall<E extends ApiEndpoint>(endpoint: E, ...[options]: PathParamsArg<E> extends [] ? [options?: ApiCallOptions<E>] : [options: ApiCallOptions<E>]): ApiCall {
  const { params, query, ...rest } = (options ?? {}) as { params?: Record<string, string>; query?: Record<string, string | undefined> };
  const path = (endpointPath as (endpoint: ApiEndpoint, params?: Record<string, string>) => string)(endpoint, params);
  return { ...rest, method: endpointRequest(endpoint).method, path: path + buildQueryString(query) };
}
